/**
 * One client of a load step traced (bplab load --trace-client). Before the step, the connections to
 * the load's schema are noted; the first one that appears after is the step's client, whichever
 * engine drives it (sysbench's and bplab's own clients connect alike), and the server says its OS
 * thread (performance_schema.threads.THREAD_OS_ID on MySQL 8.0, PROCESSLIST.TID on MariaDB).
 * bpftrace follows that thread until the step ends, and the client's requests become the step's
 * what-if (whatif/client-curve.ts).
 */
import type { TracerJournal } from '../pagetrace/tracer-journal';
import type { ClientCurvePoint, LoadClientTrace } from '../../shared/load/oltp-load';
import { serverCountedRequests } from '../../shared/runs/page-trace';
import type { SimulatorSettings } from '../../shared/whatif/pool-model';
import { settingsOfPool } from '../../shared/whatif/replay';
import { identifyServer } from '../db/server-identity';
import { readPoolStats } from '../bufferpool/lru';
import { pageTraceReadiness, type PageTraceProbes } from '../pagetrace/capability';
import { startPageTrace, type PageTraceSession, type RawPageTrace, type Spawn } from '../pagetrace/tracer';
import { storedOf, type StoredPageTrace } from '../pagetrace/trace-file';
import type { ProbeTable } from '../pagetrace/probes';
import { bufferPoolConfig, readVariables, type Variables } from '../server/variables';
import type { ServerConnection } from '../db/connections';

/** What a traced client's what-if is built from (its curve: whatif/client-curve.ts). */
export interface ClientCurveInput {
  stored: StoredPageTrace;
  /** The sandbox's data folder (the page links). */
  datadir: string;
  pageSizeBytes: number;
  /** The server's pool as the trace began (settingsOfPool). */
  settings: SimulatorSettings;
  /** How long the trace ran: its requests are spread over it. */
  elapsedMs: number;
  /** The client's statements over the trace. */
  queries: number;
  points: number;
  /** Pool sizes (bytes) the curve takes besides its own range: another pool a DBA asks about. */
  alsoAtBytes?: number[];
}

export interface ClientCurve {
  curve: ClientCurvePoint[];
  assumptions: string[];
}

export interface LoadClientTracerDeps {
  probes: PageTraceProbes;
  spawn: Spawn;
  /** The server binary and data folder behind a profile (a sandbox's), or null. */
  binaryOf(profileId: string): Promise<string | null>;
  datadirOf(profileId: string): Promise<string | null>;
  /** The client's what-if from its requests (whatif/client-curve.ts, which sits above this room). */
  curveOf(input: ClientCurveInput): Promise<ClientCurve>;
  /** How long the step's clients may take to connect (ms). */
  connectWaitMs?: number;
  /** Points of the curve. */
  points?: number;
  /** Pool sizes (bytes) the curve takes besides its own range (another pool a DBA asks about). */
  alsoAtBytes?: number[];
  /** Where each bpftrace is journalled while it runs (pagetrace/tracer-journal.ts). */
  journal?: TracerJournal;
}

/** A step's trace under way: stop() after the step, answering the trace and its curve or why not. */
export interface StepClientTrace {
  /** Resolves once bpftrace follows the client (or the attach failed): bplab's engine waits for it. */
  attached(): Promise<void>;
  stop(): Promise<LoadClientTrace | { unavailable: string }>;
}

/**
 * The records a client's trace holds: BPF preallocates its maps, and a smaller one attaches sooner
 * (tracer.ts: about 8 s with half a million here, against 36 s for a run's 8 million). A point select
 * makes 2-4 records, so a step of a few seconds fits; a longer one keeps its first half million, a
 * sample of it (the curve's queries are scaled to the requests kept).
 */
export const CLIENT_MAX_RECORDS = 500_000;

/** The client connections to `schema` (other than this one), newest first, with their OS threads. */
async function clientsOf(
  c: ServerConnection,
  flavor: string,
  schema: string,
): Promise<Array<{ id: number; tid: number }>> {
  const sql =
    flavor === 'mariadb'
      ? `SELECT ID AS id, TID AS tid FROM information_schema.PROCESSLIST
           WHERE DB = ? AND ID <> CONNECTION_ID() AND COMMAND <> 'Daemon' ORDER BY ID DESC`
      : `SELECT PROCESSLIST_ID AS id, THREAD_OS_ID AS tid FROM performance_schema.threads
           WHERE TYPE = 'FOREGROUND' AND PROCESSLIST_DB = ? AND PROCESSLIST_ID <> CONNECTION_ID()
           ORDER BY PROCESSLIST_ID DESC`;
  const rows = await c.rows<{ id: number | string; tid: number | string | null }>(sql, [schema]);
  return rows.map((r) => ({ id: Number(r.id), tid: Number(r.tid ?? 0) }));
}

/** The server's request counter and statement count (Questions), global, and when it read them. */
async function countersAt(
  c: ServerConnection,
): Promise<{ requests: number; questions: number; atNs: bigint }> {
  const sent = process.hrtime.bigint();
  const rows = await c.rows<{ Variable_name: string; Value: string }>(
    "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_read_requests', 'Questions')",
  );
  // The server read them between the statement's going and its answer's coming: the middle.
  const atNs = (sent + process.hrtime.bigint()) / 2n;
  const v = (n: string) => Number(rows.find((r) => r.Variable_name.toLowerCase() === n)?.Value ?? NaN);
  return { requests: v('innodb_buffer_pool_read_requests'), questions: v('questions'), atNs };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Prepared {
  vars: Variables;
  flavor: string;
  binary: string;
  datadir: string;
  table: ProbeTable;
  bpftrace: string;
  schema: string;
  /** The connections to the schema before the step: not its clients. */
  before: Set<number>;
}

interface Attached {
  session: PageTraceSession;
  table: ProbeTable;
  client: { id: number; tid: number };
  before: { requests: number; questions: number; atNs: bigint };
  /** When bpftrace followed the client (performance.now()). */
  at: number;
  datadir: string;
  settings: SimulatorSettings;
  pageSizeBytes: number;
  ownPoolBytes: number;
}

export class LoadClientTracer {
  constructor(private readonly deps: LoadClientTracerDeps) {}

  /**
   * Before the step: whether the server can be traced, and the connections to the schema that are
   * not the step's. Then the attach runs in the background (sysbench connects its clients only once
   * the step runs); stop() waits for it and ends the trace, which covers the step from bpftrace attached.
   */
  async startStep(control: ServerConnection, schema: string, clients: number): Promise<StepClientTrace> {
    let prepared: Prepared;
    try {
      prepared = await this.prepare(control, schema);
    } catch (e) {
      const unavailable = (e as Error).message;
      return { attached: async () => {}, stop: async () => ({ unavailable }) };
    }
    const startedAt = performance.now();
    const attaching = this.attach(control, prepared).catch((e: unknown) => ({
      unavailable: `no client could be traced: ${(e as Error).message}`,
    }));
    return {
      attached: async () => void (await attaching),
      stop: async () => {
        const endedAt = performance.now();
        const a = await attaching;
        if ('unavailable' in a) return a;
        if (a.at >= endedAt) {
          await a.session.stop().catch(() => {});
          const took = ((a.at - startedAt) / 1000).toFixed(1);
          return {
            unavailable: `the step ended before bpftrace followed its client (attaching took ${took} s here): give the step a warm-up at least that long`,
          };
        }
        return this.finish(control, a, clients);
      },
    };
  }

  private async prepare(control: ServerConnection, schema: string): Promise<Prepared> {
    const vars = await readVariables(control);
    const { flavor, version } = identifyServer(vars.version ?? '', vars.version_comment ?? '');
    const binary = await this.deps.binaryOf(control.profile.id);
    const datadir = await this.deps.datadirOf(control.profile.id);
    const ready = await pageTraceReadiness(this.deps.probes, { flavor, version }, binary);
    if (!ready.ok) throw new Error(`no client could be traced: ${ready.why}`);
    if (!datadir) throw new Error("no client could be traced: the server's data folder is not known");
    const before = new Set((await clientsOf(control, flavor, schema)).map((c) => c.id));
    const { table, bpftrace } = ready;
    return { vars, flavor, binary: binary!, datadir, table, bpftrace, schema, before };
  }

  /** Waits for the step's first client, attaches bpftrace to its thread, and reads where the server starts. */
  private async attach(control: ServerConnection, p: Prepared): Promise<Attached> {
    const waitMs = this.deps.connectWaitMs ?? 10_000;
    const t0 = Date.now();
    const newClient = async () =>
      (await clientsOf(control, p.flavor, p.schema)).find((c) => !p.before.has(c.id) && c.tid > 0);
    let client = await newClient();
    while (!client && Date.now() - t0 < waitMs) {
      await sleep(50);
      client = await newClient();
    }
    if (!client)
      throw new Error(
        `no client of the step connected to ${p.schema} within ${waitMs / 1000} s (or the server did not say its OS thread)`,
      );
    const session = await startPageTrace(
      {
        spawn: this.deps.spawn,
        bpftrace: p.bpftrace,
        maxRecords: CLIENT_MAX_RECORDS,
        ...(this.deps.journal ? { journal: this.deps.journal } : {}),
      },
      p.binary,
      p.table,
      client.tid,
    );
    const at = performance.now();
    const before = await countersAt(control);
    const pool = bufferPoolConfig(p.vars);
    return {
      session,
      table: p.table,
      client,
      before,
      at,
      datadir: p.datadir,
      settings: settingsOfPool({ ...pool, flavor: p.flavor }, await readPoolStats(control)),
      pageSizeBytes: pool.pageSizeBytes,
      ownPoolBytes: pool.bufferPoolSizeBytes,
    };
  }

  private async finish(control: ServerConnection, a: Attached, clients: number): Promise<LoadClientTrace> {
    const after = await countersAt(control);
    const raw = await a.session.stop();
    const { stored, requests, records, coveredNs } = windowOf(raw, a.before.atNs, after.atNs);
    const windowNs = Number(after.atNs - a.before.atNs);
    // Requests the server counts per call (MySQL 8.0 counts an adaptive-hash hit twice), over all calls.
    const probes = a.table.probes.map((p, i) => ({ calls: raw.calls[i] ?? 0, serverCounts: p.serverCounts }));
    if (a.table.latchedHashHits)
      probes.push({ calls: raw.calls[a.table.probes.length] ?? 0, serverCounts: 1 });
    const calls = a.table.probes.reduce((n, _p, i) => n + (raw.calls[i] ?? 0), 0);
    const perCall =
      calls > 0 ? serverCountedRequests({ probes: probes.map((p) => ({ name: '', ...p })) }) / calls : 1;
    // Questions counts this connection's own SHOW (one). When the maps overflowed, the records kept
    // are the window's first: its queries are those of the share of the window they cover.
    const share = raw.lost > 0 && windowNs > 0 ? Math.min(1, Number(coveredNs) / windowNs) : 1;
    const queries = Math.max(0, ((after.questions - a.before.questions - 1) / clients) * share);
    const serverRequests = after.requests - a.before.requests;
    const { curve, assumptions } = await this.deps.curveOf({
      stored,
      datadir: a.datadir,
      pageSizeBytes: a.pageSizeBytes,
      settings: a.settings,
      elapsedMs: (windowNs * share) / 1e6,
      queries,
      points: this.deps.points ?? 8,
      ...(this.deps.alsoAtBytes ? { alsoAtBytes: this.deps.alsoAtBytes } : {}),
    });
    return {
      connectionId: a.client.id,
      thread: a.client.tid,
      seconds: windowNs / 1e9,
      requests,
      records,
      serverCountedRequests: Math.round(requests * perCall),
      lost: raw.lost,
      serverRequests: Number.isFinite(serverRequests) ? serverRequests : null,
      queries,
      ownPoolBytes: a.ownPoolBytes,
      curve: curve satisfies ClientCurvePoint[],
      assumptions: [
        `the client's statements are the server's Questions over the trace shared evenly by the step's ${clients} client(s)`,
        ...assumptions,
      ],
    };
  }
}

/**
 * The records between the server's two counter reads (bpftrace's nsecs and process.hrtime are both
 * CLOCK_MONOTONIC): the trace starts a round trip before the first read, while the client runs on.
 */
function windowOf(
  raw: RawPageTrace,
  fromNs: bigint,
  toNs: bigint,
): { stored: StoredPageTrace; requests: number; records: number; coveredNs: bigint } {
  const keep: number[] = [];
  for (let i = 0; i < raw.count.length; i++) if (raw.atNs[i]! >= fromNs && raw.atNs[i]! <= toNs) keep.push(i);
  const pick = <T extends Uint32Array>(from: T, make: (n: number) => T) => {
    const out = make(keep.length);
    keep.forEach((i, k) => (out[k] = from[i]!));
    return out;
  };
  const cut: RawPageTrace = {
    ...raw,
    atNs: keep.map((i) => raw.atNs[i]!),
    space: pick(raw.space, (n) => new Uint32Array(n)),
    page: pick(raw.page, (n) => new Uint32Array(n)),
    count: pick(raw.count, (n) => new Uint32Array(n)),
    ...(raw.latched ? { latched: Uint8Array.from(keep, (i) => raw.latched![i]!) } : {}),
  };
  const last = cut.atNs[cut.atNs.length - 1];
  return {
    stored: storedOf(cut),
    requests: cut.count.reduce((n, c) => n + c, 0),
    records: keep.length,
    coveredNs: last === undefined ? 0n : last - fromNs,
  };
}
