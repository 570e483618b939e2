/**
 * bplab's domain models. Where a model arrives from outside (a request, a saved file),
 * its zod schema is the source of truth and the type is inferred from it.
 */
import { z } from './zod';
import { SIZE_WORDS, isByteSize } from './byte-size';
import { refusedOptions } from './server/sandbox-options';
import { oldBlocksPctSchema, oldBlocksTimeSchema } from './server/lru-settings';

// ---------- connections ----------

export const TlsModeSchema = z.enum(['off', 'preferred', 'required', 'verify-ca', 'verify-identity']);
export type TlsMode = z.infer<typeof TlsModeSchema>;

export const TlsOptionsSchema = z.object({
  mode: TlsModeSchema.default('off'),
  /** Path to a CA bundle (PEM) on the machine running bplab's main process. */
  caPath: z.string().min(1).optional(),
  certPath: z.string().min(1).optional(),
  keyPath: z.string().min(1).optional(),
});
export type TlsOptions = z.infer<typeof TlsOptionsSchema>;

const nameSchema = z.string().trim().min(1, 'a name is required').max(80);

/** A saved connection. It never holds a password: see SecretStore. */
export const ConnectionProfileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'ids are lower-case letters, digits and dashes'),
    name: nameSchema,
    transport: z.enum(['tcp', 'socket']),
    host: z.string().trim().min(1).max(255).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    socketPath: z.string().min(1).optional(),
    user: z.string().min(1).max(80),
    database: z.string().max(64).optional(),
    tls: TlsOptionsSchema.default({ mode: 'off' }),
    /** Set when bplab created this profile for one of its sandboxes. */
    sandboxId: z.string().optional(),
    /**
     * A production server: bplab changes no global setting and restarts nothing on it, and walking
     * INNODB_BUFFER_PAGE_LRU (under the pool's mutex) needs the user's explicit consent per run.
     */
    production: z.boolean().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.transport === 'tcp' && !p.host)
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'a TCP profile needs a host' });
    if (p.transport === 'socket' && !p.socketPath)
      ctx.addIssue({ code: 'custom', path: ['socketPath'], message: 'a socket profile needs a socket path' });
  });
export type ConnectionProfile = z.infer<typeof ConnectionProfileSchema>;

/** What the editor sends: a profile without an id creates one. */
export const ProfileDraftSchema = z.object({
  id: z.string().optional(),
  name: nameSchema,
  transport: z.enum(['tcp', 'socket']),
  host: z.string().trim().max(255).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  socketPath: z.string().optional(),
  user: z.string().min(1).max(80),
  database: z.string().max(64).optional(),
  tls: TlsOptionsSchema.default({ mode: 'off' }),
  production: z.boolean().optional(),
});
export type ProfileDraft = z.input<typeof ProfileDraftSchema>;

export type PasswordState = 'none' | 'session' | 'saved-encrypted';

export interface ProfileListing {
  profiles: Array<ConnectionProfile & { password: PasswordState }>;
  /** Set when the profiles file exists but could not be read; the file is left untouched. */
  loadError?: { message: string; file: string; backup?: string };
  /** Where a remembered password goes: encrypted by the OS keychain, or only this session's memory. */
  passwordPersistence: 'encrypted' | 'session-only';
}

export interface ConnectionTestResult {
  serverVersion: string;
  flavor: ServerFlavor;
  roundTripMs: number;
  tls: { active: boolean; cipher?: string };
  currentUser: string;
}

// ---------- servers and capabilities ----------

export type ServerFlavor = 'mysql' | 'mariadb' | 'percona';

export interface ServerIdentity {
  flavor: ServerFlavor;
  /** e.g. "8.0.31", "10.11.19" */
  version: string;
  /** @@version as the server says it, e.g. "10.11.19-MariaDB-0+deb12u1" */
  versionString: string;
  versionComment: string;
  major: number;
  minor: number;
  patch: number;
}

/**
 * The buffer pool's facts as the server reports them: one vocabulary for the capability report and
 * for the settings every run records (RunServerSettings).
 */
export interface PoolFacts {
  bufferPoolSizeBytes: number;
  bufferPoolInstances: number;
  pageSizeBytes: number;
  oldBlocksTimeMs: number;
  oldBlocksPct: number;
  readAheadThreshold: number;
}

/** The pool's facts as the capability report gives them, with the chunk size a resize steps by. */
export interface BufferPoolConfig extends PoolFacts {
  chunkSizeBytes: number | null; // MariaDB ≥10.8 has no chunks in some builds
}

export type CapabilityStatus = 'yes' | 'no' | 'partial';

export type CapabilityId =
  | 'lru-is-old'
  | 'show-profile'
  | 'perf-schema-stages'
  | 'explain-analyze'
  | 'local-infile'
  | 'lru-table'
  | 'page-trace';

export interface Capability {
  id: CapabilityId;
  label: string;
  status: CapabilityStatus;
  /** What we found, in words. */
  detail: string;
  /** What bplab cannot do (or does differently) because of it; empty when status is 'yes'. */
  blocks: string;
}

export type PrivilegeId = 'PROCESS' | 'SET_GLOBAL' | 'FILE' | 'SELECT' | 'CREATE_DROP' | 'SHUTDOWN';

export interface PrivilegeCheck {
  id: PrivilegeId;
  label: string;
  present: boolean;
  /** What it blocks when missing. */
  blocks: string;
}

export interface LruOldMethod {
  /** 'is-old' reads IS_OLD; 'lru-position' derives old as LRU_POSITION < OLD_DATABASE_PAGES of the page's pool. */
  method: 'is-old' | 'lru-position';
  isOldUsable: boolean;
  /** On servers where both work, how often they agreed on a sample of pages. */
  agreement?: { pagesCompared: number; mismatches: number };
}

export interface CapabilityReport {
  profileId: string;
  checkedAt: string;
  server: ServerIdentity;
  bufferPool: BufferPoolConfig;
  lruOld: LruOldMethod;
  capabilities: Capability[];
  privileges: PrivilegeCheck[];
  currentUser: string;
}

// ---------- sandboxes ----------

export interface ServerBinary {
  /** Absolute path of mysqld/mariadbd. */
  path: string;
  basedir: string;
  flavor: ServerFlavor;
  version: string;
  /** How it was found, for the UI. */
  source: 'path' | 'basedir' | 'known-location';
}

const byteSize = z.union([
  z.number().int().positive(SIZE_WORDS).max(Number.MAX_SAFE_INTEGER, SIZE_WORDS),
  z.string().refine(isByteSize, SIZE_WORDS),
]);

export const SandboxSpecSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/,
      'letters, digits, dot, dash and underscore; at most 40 characters',
    ),
  /** Absolute path of mysqld or mariadbd. */
  binaryPath: z.string().min(1),
  /** 0 or absent: a free loopback port. */
  port: z.number().int().min(0).max(65535).optional(),
  bufferPoolSize: byteSize.default('128M'),
  oldBlocksTimeMs: oldBlocksTimeSchema.optional(),
  oldBlocksPct: oldBlocksPctSchema.optional(),
  localInfile: z.boolean().default(true),
  /**
   * Any other mysqld option, without the leading dashes: { "innodb_buffer_pool_instances": "1" }.
   * The options bplab owns (where it listens, its files, its logins: see sandbox-options.ts) are refused.
   */
  options: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_-]*$/i, 'a mysqld option name (letters, digits, - and _)'),
      z.string(),
    )
    .default({})
    .superRefine((options, ctx) => {
      for (const r of refusedOptions(options))
        ctx.addIssue({ code: 'custom', path: [r.option], message: r.message });
    }),
  /** Keep the server running when bplab quits. */
  keepRunning: z.boolean().default(false),
});
export type SandboxSpec = z.input<typeof SandboxSpecSchema>;

/**
 * A sandbox's id (its folder's name) from its name: main names the folder with it, and the create
 * form finds the create's task by it to cancel it.
 */
export function sandboxIdOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-');
}
export type SandboxSpecParsed = z.output<typeof SandboxSpecSchema>;

export type SandboxStatus = 'stopped' | 'starting' | 'running' | 'stopping' | 'failed';

export interface SandboxInfo {
  id: string;
  name: string;
  flavor: ServerFlavor;
  version: string;
  binaryPath: string;
  basedir: string;
  datadir: string;
  port: number;
  socketPath: string;
  status: SandboxStatus;
  pid?: number;
  spec: SandboxSpecParsed;
  createdAt: string;
  /** The connection profile bplab keeps for this sandbox (root over loopback TCP). */
  profileId: string;
  lastError?: string;
  /** Where the running server says it listens, read back from it when it started; absent when it is not running. */
  listening?: SandboxListening;
}

/** Read back from the running server (@@bind_address, @@port, @@mysqlx_bind_address), never what bplab asked for. */
export interface SandboxListening {
  bindAddress: string;
  port: number;
  /** MySQL 8's X Protocol: where it listens, or null when the X Plugin is off. */
  mysqlx: { bindAddress: string; port: number } | null;
}
