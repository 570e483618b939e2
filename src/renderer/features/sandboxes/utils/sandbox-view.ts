/** Sandboxes as the list shows them: status in words, which buttons apply, live updates merged in. */
import type { SandboxInfo, SandboxStatus, ServerBinary } from '../../../../shared/models';
import { flavorLabel, formatBytes } from '../../../../shared/format';
import type { Tone } from '../../../lib/tone';

/** Merges one 'sandboxes/changed' event into the list (replaces by id, else appends). */
export function upsertSandbox(list: SandboxInfo[], changed: SandboxInfo): SandboxInfo[] {
  const at = list.findIndex((s) => s.id === changed.id);
  if (at < 0) return [...list, changed];
  return list.map((s, i) => (i === at ? changed : s));
}

const STATUS: Record<SandboxStatus, { label: string; tone: Tone }> = {
  running: { label: 'running', tone: 'ok' },
  starting: { label: 'starting…', tone: 'busy' },
  stopping: { label: 'stopping…', tone: 'busy' },
  stopped: { label: 'stopped', tone: 'idle' },
  failed: { label: 'failed', tone: 'bad' },
};

export interface SandboxRow {
  id: string;
  name: string;
  server: string;
  port: string;
  /** Where the running server says it listens ("127.0.0.1:41067"), or why there is nothing to show. */
  listensOn: string;
  status: SandboxStatus;
  statusLabel: string;
  tone: Tone;
  bufferPool: string;
  keepRunning: boolean;
  lastError: string | null;
  canStart: boolean;
  canStop: boolean;
  canRestart: boolean;
  canDelete: boolean;
  canConnect: boolean;
}

export function sandboxRow(s: SandboxInfo): SandboxRow {
  const status = STATUS[s.status] ?? { label: s.status, tone: 'idle' as Tone };
  const size = s.spec.bufferPoolSize;
  const settled = s.status === 'stopped' || s.status === 'failed';
  return {
    id: s.id,
    name: s.name,
    server: `${flavorLabel(s.flavor)} ${s.version}`,
    port: String(s.port),
    listensOn: listensOn(s),
    status: s.status,
    statusLabel: status.label,
    tone: status.tone,
    bufferPool: typeof size === 'number' ? formatBytes(size) : size,
    keepRunning: s.spec.keepRunning,
    lastError: s.status === 'failed' || s.lastError ? (s.lastError ?? null) : null,
    canStart: settled,
    canStop: s.status === 'running' || s.status === 'starting',
    canRestart: s.status === 'running',
    canDelete: settled,
    canConnect: s.status === 'running',
  };
}

/** The address read back from the running server, never the one bplab asked for. */
export function listensOn(s: SandboxInfo): string {
  if (!s.listening) return s.status === 'running' ? 'not read back' : `not listening (port ${s.port})`;
  const { bindAddress, port, mysqlx } = s.listening;
  return `${bindAddress}:${port}${mysqlx ? `, X Protocol ${mysqlx.bindAddress}:${mysqlx.port}` : ''}`;
}

/** "MariaDB 10.11.19 · /usr/sbin/mariadbd" */
export function binaryLabel(b: ServerBinary): string {
  return `${flavorLabel(b.flavor)} ${b.version} · ${b.path}`;
}

/** A running sandbox with a complete SSB dataset: where a first query can run at once. */
export interface ReadySandbox {
  name: string;
  profileId: string;
  schema: string;
}

/**
 * The first screen's "Where to start": to Queries when a sandbox and its data are ready (the demo's
 * are: it said "create a sandbox below" beside them), else how to get there.
 */
export function startHint(ready: readonly ReadySandbox[]): { text: string; queries: ReadySandbox | null } {
  const first = ready[0];
  if (first)
    return {
      text: `Sandbox ${first.name} and its SSB data (${first.schema}) are ready: open Queries, pick a query and press Run to watch what it does to the buffer pool. Experiments then compares settings; to use another server, create a sandbox below or add a connection under Connections.`,
      queries: first,
    };
  return {
    text: 'create a sandbox below (a private server from an installed mysqld or mariadbd), or add a connection to a server you have under Connections. Then Datasets loads SSB data, Queries runs one query with the buffer pool watched, and Experiments compares settings.',
    queries: null,
  };
}
