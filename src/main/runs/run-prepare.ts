/**
 * Accepting a run: the query resolved, the server answering with the rights a run needs, consent to
 * walk its LRU, the schema there, the connections opened and the result's first fields filled in.
 * A run refused here fails in words before anything starts.
 */
import { randomBytes } from 'node:crypto';
import type { ServerIdentity } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import {
  noSamples,
  RunSpecSchema,
  type RunResult,
  type RunSpec,
  type RunSpecParsed,
  type RunServerSettings,
} from '../../shared/runs/runs';
import { bucketPagesFor, readPoolStats, type OldMethod } from '../bufferpool/lru';
import { oldMethodOf } from '../bufferpool/lru-probe';
import type { ServerConnection } from '../db/connections';
import { queryFailure } from '../db/errors';
import { identifyServer } from '../db/server-identity';
import type { QueryCatalogue, ResolvedQuery } from '../queries/catalogue';
import { readVariables } from '../server/variables';
import { readDatasetRecord } from '../ssb/dataset-meta';
import { serverSettings } from './capture';

/** Above this pool size, walking the LRU needs the user's consent (0.1-0.3 s per GB under the pool mutex). */
export const LRU_CONSENT_POOL_BYTES = 4 * 1024 ** 3;

/** What is ready once a run is accepted: the query, the connections and the server's settings. */
export interface PreparedRun {
  runId: string;
  profileId: string;
  spec: RunSpecParsed;
  query: ResolvedQuery;
  exec: ServerConnection;
  control: ServerConnection;
  poll: ServerConnection | null;
  identity: ServerIdentity;
  result: RunResult;
  oldMethod: OldMethod;
  walkLru: boolean;
  bucketPages: number;
}

export interface PrepareDeps {
  connections: { open(profileId: string, opts: { password?: string }): Promise<ServerConnection> };
  catalogue: QueryCatalogue;
  lruConsentPoolBytes?: number;
  now: () => Date;
  /** How this server tells old pages from young: the capability probe's decision, kept per server. */
  oldMethods: Map<string, OldMethod>;
}

export async function prepareRun(
  deps: PrepareDeps,
  profileId: string,
  password: string | undefined,
  specIn: RunSpec,
): Promise<PreparedRun> {
  const spec = RunSpecSchema.parse(specIn);
  const query = deps.catalogue.resolve(spec.queryId, spec.variant);
  const opened: ServerConnection[] = [];
  const open = async () => {
    const c = await deps.connections.open(profileId, { password });
    opened.push(c);
    return c;
  };
  try {
    const exec = await open();
    const vars = await readVariables(exec);
    const identity = identifyServer(vars.version ?? '', vars.version_comment ?? '');
    const settings = serverSettings(identity, vars);
    const walk = mayWalkLru(
      exec,
      profileId,
      spec,
      settings,
      deps.lruConsentPoolBytes ?? LRU_CONSENT_POOL_BYTES,
    );
    await requirePoolReadable(exec, profileId);
    await exec.rows('USE ??', [spec.schema]).catch((e: unknown) => {
      const f = queryFailure(e, exec.where);
      throw AppFailure.of(
        'NOT_FOUND',
        `There is no schema "${spec.schema}" on ${exec.where}: ${f.error.message}`,
        {
          hint: 'bplab ssb list shows the datasets on this server.',
        },
      );
    });
    const record = await readDatasetRecord(exec.raw, spec.schema).catch(() => null);
    const control = await open();
    const poll = spec.poll === 'off' ? null : await open();
    const runId = `run-${deps
      .now()
      .toISOString()
      .replace(/[^0-9]/g, '')
      .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
    const poolPages =
      settings.bufferPoolSizeBytes / settings.pageSizeBytes / Math.max(1, settings.bufferPoolInstances);
    const result: RunResult = {
      format: 1,
      runId,
      profileId,
      queryId: query.query.id,
      variant: query.variant,
      sql: query.sql,
      schema: spec.schema,
      dataset: record
        ? {
            schema: spec.schema,
            sf: record.sf,
            source: record.source,
            engine: record.engine,
            seed: record.seed,
            generatorMode: record.mode,
          }
        : null,
      server: settings,
      ...(spec.experiment ? { experiment: spec.experiment } : {}),
      startedAt: deps.now().toISOString(),
      state: 'running',
      error: null,
      elapsedMs: null,
      rows: null,
      checksum: null,
      explain: null,
      profile: { source: 'none', note: '', stages: [] },
      status: [],
      poolStats: { before: [], after: null },
      lru: { before: null, after: null },
      samples: noSamples(),
    };
    return {
      runId,
      profileId,
      spec,
      query,
      exec,
      control,
      poll,
      identity,
      result,
      oldMethod: walk ? await oldMethodFor(deps.oldMethods, profileId, identity, control) : 'lru-position',
      walkLru: walk,
      bucketPages: bucketPagesFor(poolPages),
    };
  } catch (e) {
    await Promise.allSettled(opened.map((c) => closeSoon(c)));
    throw e;
  }
}

/**
 * Whether the run may walk INNODB_BUFFER_PAGE_LRU: a production profile or a pool over the limit
 * needs the user's consent, and a run that polls without it is refused in words.
 */
function mayWalkLru(
  exec: ServerConnection,
  profileId: string,
  spec: RunSpecParsed,
  settings: RunServerSettings,
  limit: number,
): boolean {
  const production = exec.profile.production === true;
  const walk = spec.allowLruPolling || (!production && settings.bufferPoolSizeBytes <= limit);
  if (!walk && spec.poll !== 'off') {
    const why = production
      ? `the profile "${exec.profile.name}" is marked production`
      : `its buffer pool is ${(settings.bufferPoolSizeBytes / 1024 ** 3).toFixed(1)} GB (over ${(limit / 1024 ** 3).toFixed(0)} GB)`;
    throw AppFailure.of(
      'CONSENT_REQUIRED',
      `bplab will not walk INNODB_BUFFER_PAGE_LRU on this server without your consent: ${why}. The server builds that table by walking the whole LRU while it holds the buffer pool's mutex (about 0.1-0.3 s per GB), which stalls other queries; the MySQL manual warns it affects performance, and a WHERE clause does not make it cheaper.`,
      {
        hint: 'Allow LRU polling for this run, or run with polling off (no LRU composition is captured then).',
        details: { profileId, production, bufferPoolSizeBytes: settings.bufferPoolSizeBytes },
      },
    );
  }
  return walk;
}

/**
 * A run reads the pool's stats before and after (and walks the LRU when it polls): without PROCESS
 * it could only fail once started, so it is refused here, in words.
 */
async function requirePoolReadable(exec: ServerConnection, profileId: string): Promise<void> {
  await readPoolStats(exec).catch((e: unknown) => {
    const f = queryFailure(e, exec.where);
    if (f.error.code !== 'PRIVILEGE_MISSING') throw f;
    throw AppFailure.of(
      'PRIVILEGE_MISSING',
      `This run cannot start: it reads the buffer pool's stats and pages, and ${f.error.message.replace(/^Not allowed/, 'that is not allowed')}`,
      {
        hint: `Grant PROCESS to this server's user (GRANT PROCESS ON *.* TO …), or connect as a user who has it.`,
        details: { profileId },
      },
    );
  });
}

/** The capability probe's decision for this server (bufferpool/lru-probe.ts), made once per profile and version. */
async function oldMethodFor(
  known: Map<string, OldMethod>,
  profileId: string,
  identity: ServerIdentity,
  control: ServerConnection,
): Promise<OldMethod> {
  const key = `${profileId}@${identity.flavor} ${identity.version}`;
  const seen = known.get(key);
  if (seen) return seen;
  const method = await oldMethodOf(control);
  known.set(key, method);
  return method;
}

/** Closes a connection; one whose server is gone may never answer the QUIT, so it is dropped after a second. */
export async function closeSoon(c: ServerConnection): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 1_000)));
  const outcome = await Promise.race([c.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') c.raw.destroy();
}
