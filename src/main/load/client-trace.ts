/**
 * Every client of a load step traced (bplab load --trace-client). bpftrace attaches before the step,
 * tracing every server thread (pagetrace/program.ts); while the step runs, the connections to the
 * load's schema that were not there before are noted with their OS threads (performance_schema.threads
 * .THREAD_OS_ID on MySQL 8.0, PROCESSLIST.TID on MariaDB): they are the step's clients, whichever
 * engine drives it (sysbench's and bplab's own connect alike, and sysbench only once the step runs).
 * Their requests over the step's counted time, merged in time order, are the step's what-if
 * (whatif/client-curve.ts): the pool sees all of the load's traffic, not one client's share of it. The
 * trace is kept beside the load's result, so `bplab whatif LOAD.json --step N` replays it again.
 */
import { join } from 'node:path';
import type { TracerJournal } from '../pagetrace/tracer-journal';
import type { ClientCurvePoint, LoadClientTrace } from '../../shared/load/oltp-load';
import type { SimulatorSettings } from '../../shared/whatif/pool-model';
import { serverStartPages, type ServerStartPages } from '../../shared/whatif/mysql-start';
import { settingsOfPool } from '../../shared/whatif/replay';
import { identifyServer } from '../db/server-identity';
import { readPoolStats } from '../bufferpool/lru';
import { pageTraceReadiness, type PageTraceProbes } from '../pagetrace/capability';
import { counterDelta, type CounterReading } from '../pagetrace/counter-window';
import { startTraceOfThread, TracerEnded, type PageTraceSession, type Spawn } from '../pagetrace/tracer';
import {
  countedInWindow,
  pickRecords,
  threadsTrace,
  whoseRequests,
  type RawPageTrace,
} from '../pagetrace/trace-output';
import { connectionThreadId } from '../pagetrace/run-tracer';
import { storedOf, writePageTrace, type StoredPageTrace } from '../pagetrace/trace-file';
import { probeCounters, type ProbeTable } from '../pagetrace/probes';
import { bufferPoolConfig, readVariables } from '../server/variables';
import type { ServerConnection } from '../db/connections';
import { STEP_COUNTERS } from './step-counters';

/** What a traced step's what-if is built from (its curve: whatif/client-curve.ts). */
export interface ClientCurveInput {
  stored: StoredPageTrace;
  /** The sandbox's data folder (the page links). */
  datadir: string;
  pageSizeBytes: number;
  /** The server's pool as the trace began (settingsOfPool). */
  settings: SimulatorSettings;
  /** A MySQL server's start-up pages before the step, when it had read little else since its start (mysql-start.ts). */
  startup?: ServerStartPages | null;
  /** How long the trace ran: its requests are spread over it. */
  elapsedMs: number;
  /** The clients' statements over the trace. */
  queries: number;
  /** How many clients the trace holds. */
  clients: number;
  points: number;
  /** Pool sizes (bytes) the curve takes besides its own range: the load's own, another a DBA asks about. */
  alsoAtBytes?: number[];
  /** The curve at alsoAtBytes only, without its own range (bplab whatif LOAD.json --pool 16M,32M). */
  sizesOnly?: boolean;
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
  /** The clients' what-if from their requests (whatif/client-curve.ts, which sits above this room). */
  curveOf(input: ClientCurveInput): Promise<ClientCurve>;
  /** How often the step's connections are looked for while it runs (ms). */
  pollMs?: number;
  /** Points of the curve. */
  points?: number;
  /** Pool sizes (bytes) the curve takes besides its own range (another pool a DBA asks about). */
  alsoAtBytes?: number[];
  /** Where each bpftrace is journalled while it runs (pagetrace/tracer-journal.ts). */
  journal?: TracerJournal;
  /** The records a step's trace holds (tracer.ts); MAX_RECORDS by default. */
  maxRecords?: number;
}

/** The step's counted time as the server's counters saw it (step-counters.ts), and its statements. */
export interface CountedWindow {
  from: CounterReading;
  to: CounterReading;
  /** The statements the load's engine counted in it. */
  queries: number;
}

/** A step's trace under way: stop() after the step, answering the trace and its curve or why not. */
export interface StepClientTrace {
  stop(window: CountedWindow | null): Promise<LoadClientTrace | { unavailable: string }>;
}

/** The connections (other than this one), with their OS threads and whether they use `schema`. */
async function connectionsOf(
  c: ServerConnection,
  flavor: string,
): Promise<Array<{ id: number; tid: number; db: string | null }>> {
  const sql =
    flavor === 'mariadb'
      ? `SELECT ID AS id, TID AS tid, DB AS db FROM information_schema.PROCESSLIST
           WHERE ID <> CONNECTION_ID() AND COMMAND <> 'Daemon'`
      : `SELECT PROCESSLIST_ID AS id, THREAD_OS_ID AS tid, PROCESSLIST_DB AS db FROM performance_schema.threads
           WHERE TYPE = 'FOREGROUND' AND PROCESSLIST_ID IS NOT NULL AND PROCESSLIST_ID <> CONNECTION_ID()`;
  const rows = await c.rows<{ id: number | string; tid: number | string | null; db: string | null }>(sql);
  return rows.map((r) => ({ id: Number(r.id), tid: Number(r.tid ?? 0), db: r.db }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Attached {
  session: PageTraceSession;
  table: ProbeTable;
  /** The step's client connections found so far: connection id → OS thread. */
  clients: Map<number, number>;
  /** Every other connection's thread (bplab's control connection, its pool watch, any other session). */
  others: Set<number>;
  stopWatching(): Promise<void>;
  datadir: string;
  settings: SimulatorSettings;
  startup: ServerStartPages | null;
  pageSizeBytes: number;
  ownPoolBytes: number;
}

export class LoadClientTracer {
  constructor(private readonly deps: LoadClientTracerDeps) {}

  /**
   * Before the step: whether the server can be traced, then bpftrace attached (every thread) and the
   * step's connections watched for. `file`: where the clients' trace is kept (beside the load's
   * result), `name` its name there.
   */
  async startStep(
    control: ServerConnection,
    schema: string,
    file: { path: string; name: string },
  ): Promise<StepClientTrace> {
    let a: Attached;
    try {
      a = await this.attach(control, schema);
    } catch (e) {
      const unavailable = `no client could be traced: ${(e as Error).message}`;
      return { stop: async () => ({ unavailable }) };
    }
    return {
      stop: async (window) => {
        await a.stopWatching();
        return this.finish(a, window, file).catch((e: unknown) => ({
          unavailable: (e as Error).message,
        }));
      },
    };
  }

  private async attach(control: ServerConnection, schema: string): Promise<Attached> {
    const vars = await readVariables(control);
    const { flavor, version } = identifyServer(vars.version ?? '', vars.version_comment ?? '');
    const binary = await this.deps.binaryOf(control.profile.id);
    const datadir = await this.deps.datadirOf(control.profile.id);
    const ready = await pageTraceReadiness(this.deps.probes, { flavor, version }, binary);
    if (!ready.ok) throw new Error(ready.why);
    if (!datadir) throw new Error("the server's data folder is not known");
    const before = await connectionsOf(control, flavor);
    const known = new Set(before.map((c) => c.id));
    const others = new Set(before.map((c) => c.tid).filter((t) => t > 0));
    const selfTid = await connectionThreadId(control, flavor, 'bplab’s connection');
    others.add(selfTid);
    const pool = bufferPoolConfig(vars);
    const stats = await readPoolStats(control);
    const settings = settingsOfPool({ ...pool, flavor }, stats);
    const lruScanDepth = vars.innodb_lru_scan_depth ? Number(vars.innodb_lru_scan_depth) : undefined;
    // Before the warm-up: what a MySQL server just started holds of its own (mysql-start.ts).
    const startup = serverStartPages(flavor, stats, lruScanDepth);
    const session = await startTraceOfThread(this.deps, ready, binary!, selfTid);
    const clients = new Map<number, number>();
    let watching = true;
    const look = async () => {
      for (const c of await connectionsOf(control, flavor)) {
        if (known.has(c.id) || c.tid <= 0) continue;
        if (c.db === schema) clients.set(c.id, c.tid);
        else if (!clients.has(c.id)) others.add(c.tid);
      }
    };
    const watch = (async () => {
      while (watching) {
        await look().catch(() => {});
        await sleep(this.deps.pollMs ?? 250);
      }
      await look().catch(() => {});
    })();
    return {
      session,
      table: ready.table,
      clients,
      others,
      stopWatching: async () => {
        watching = false;
        await watch;
      },
      datadir,
      settings,
      startup,
      pageSizeBytes: pool.pageSizeBytes,
      ownPoolBytes: pool.bufferPoolSizeBytes,
    };
  }

  private async finish(
    a: Attached,
    window: CountedWindow | null,
    file: { path: string; name: string },
  ): Promise<LoadClientTrace | { unavailable: string }> {
    let out;
    try {
      out = await a.session.stop();
    } catch (e) {
      if (e instanceof TracerEnded) return { unavailable: `the trace is incomplete: ${e.message}` };
      throw e;
    }
    if (!window)
      return { unavailable: 'the step ended before its counted time began: there is no window to replay' };
    if (a.clients.size === 0)
      return { unavailable: "no client of the step connected to the load's schema while it was traced" };
    const probes = probeCounters(a.table);
    const raw = threadsTrace(out, a.clients.values(), probes);
    const { from, to } = window;
    const cut = windowOf(raw, from.atNs, to.atNs);
    const windowNs = Number(to.atNs - from.atNs);
    // When the maps overflowed, the records kept are the window's first: its queries are those of the
    // share of the window they cover.
    const lost = raw.lost + out.lostEvents;
    const share = lost > 0 && windowNs > 0 ? Math.min(1, Number(cut.coveredNs) / windowNs) : 1;
    const queries = window.queries * share;
    writePageTrace(file.path, cut.stored);
    const serverRequests = counterDelta(from, to, STEP_COUNTERS.requests);
    const clientTids = new Set(a.clients.values());
    const whose = whoseRequests(
      countedInWindow(out, from.atNs, to.atNs),
      (tid) => clientTids.has(tid),
      (tid) => a.others.has(tid),
    );
    const { curve, assumptions } = await this.deps.curveOf({
      stored: cut.stored,
      datadir: a.datadir,
      pageSizeBytes: a.pageSizeBytes,
      settings: a.settings,
      startup: a.startup,
      elapsedMs: (windowNs * share) / 1e6,
      queries,
      clients: a.clients.size,
      points: this.deps.points ?? 8,
      alsoAtBytes: [a.ownPoolBytes, ...(this.deps.alsoAtBytes ?? [])],
    });
    const [first] = a.clients;
    return {
      connectionId: first![0],
      thread: first![1],
      clientsTraced: a.clients.size,
      seconds: windowNs / 1e9,
      requests: cut.requests,
      records: cut.records,
      serverCountedRequests: whose.run,
      lost,
      serverRequests,
      queries,
      ownPoolBytes: a.ownPoolBytes,
      pageSizeBytes: a.pageSizeBytes,
      settings: Object.fromEntries(Object.entries(a.settings)),
      ...(a.startup ? { startup: a.startup } : {}),
      file: file.name,
      ...(serverRequests !== null ? { check: { serverRequests, ...whose, windowMs: windowNs / 1e6 } } : {}),
      curve: curve satisfies ClientCurvePoint[],
      assumptions: [
        `every client of the step traced (${a.clients.size} connection(s)), their requests over its counted time in the order they came`,
        ...assumptions,
      ],
    };
  }
}

/**
 * The records between the server's two counter reads (bpftrace's nsecs and process.hrtime are both
 * CLOCK_MONOTONIC): the trace runs from before the step to after it.
 */
function windowOf(
  raw: RawPageTrace,
  fromNs: bigint,
  toNs: bigint,
): { stored: StoredPageTrace; requests: number; records: number; coveredNs: bigint } {
  const keep: number[] = [];
  for (let i = 0; i < raw.count.length; i++) if (raw.atNs[i]! >= fromNs && raw.atNs[i]! <= toNs) keep.push(i);
  const cut = pickRecords(raw, keep);
  const last = cut.atNs[cut.atNs.length - 1];
  return {
    stored: storedOf(cut),
    requests: cut.count.reduce((n, c) => n + c, 0),
    records: keep.length,
    coveredNs: last === undefined ? 0n : last - fromNs,
  };
}

/** Where a step's trace is kept: beside the load's result, in a folder named by the load's start. */
export function stepTraceFile(
  loadsDir: string,
  startedAt: string,
  stepIndex: number,
): {
  path: string;
  name: string;
} {
  const name = join('traces', `${startedAt.replace(/[:.]/g, '-')}-step${stepIndex + 1}.pagetrace`);
  return { path: join(loadsDir, name), name };
}
