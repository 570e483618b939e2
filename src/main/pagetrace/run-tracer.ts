/**
 * A run's "trace pages" option: before the timed statement, the run connection's OS thread is looked
 * up and bpftrace attached to the server's binary (every thread traced, program.ts); after, bpftrace is
 * stopped and the run's own thread's records written beside the run. A server that cannot be traced
 * fails the run before its query, in words.
 *
 * The check: Innodb_buffer_pool_read_requests is one counter for the whole server, so the requests
 * of every thread traced between its two readings (right after bpftrace attached, and when the
 * statement ended) are set against its difference, told apart by whose they were: the run's thread,
 * bplab's own connections (its live poller's LRU walks and stats reads, its control connection), and
 * the server's own threads. A bpftrace that ends mid-run leaves the run its measurements, its trace
 * marked incomplete with what happened.
 */
import { join } from 'node:path';
import type { PageTraceSummary } from '../../shared/runs/page-trace';
import { pageTraceReadiness, type PageTraceProbes } from './capability';
import { counterDelta, readCountersAt, type CounterReading, type RowsReader } from './counter-window';
import {
  startTraceOfThread,
  TracerEnded,
  type PageTraceSession,
  type Spawn,
  type TraceReading,
} from './tracer';
import { countedInWindow, emptyTrace, whoseRequests } from './trace-output';
import { formatBytes, formatCount } from '../../shared/format';
import { writePoolPages, type PoolPages } from './pool-start';
import type { TracerJournal } from './tracer-journal';
import { markedThreadId } from './thread-marker';
import { storedOf, writePageTrace } from './trace-file';
import { probeCounters, type ProbeTable } from './probes';

/**
 * The OS thread serving this connection: MySQL 8.0's performance_schema.threads, MariaDB's PROCESSLIST.TID.
 * `whose`: the connection in the words of the error when the server does not say ("the run").
 */
export async function connectionThreadId(c: RowsReader, flavor: string, whose = 'the run'): Promise<number> {
  const sql =
    flavor === 'mariadb'
      ? 'SELECT TID AS tid FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()'
      : 'SELECT THREAD_OS_ID AS tid FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()';
  const [row] = await c.rows<{ tid: number | string | null }>(sql);
  const tid = Number(row?.tid ?? 0);
  if (!Number.isInteger(tid) || tid <= 0)
    throw new Error(
      flavor === 'mariadb'
        ? `the server did not say which OS thread serves ${whose} (information_schema.PROCESSLIST.TID)`
        : `the server did not say which OS thread serves ${whose} (performance_schema is off, or its threads table is empty)`,
    );
  return tid;
}

export interface RunPageTracerDeps {
  probes: PageTraceProbes;
  spawn: Spawn;
  /** The server binary behind a profile (a sandbox's), or null. */
  binaryOf(profileId: string): Promise<string | null>;
  /** Where the trace files go (the run store's folder). */
  dir: string;
  /** The records a trace holds (tracer.ts: a smaller map attaches sooner); 2 million by default. */
  maxRecords?: number;
  /** Where each bpftrace is journalled while it runs (tracer-journal.ts). */
  journal?: TracerJournal;
}

export interface RunTraceSession {
  /** The statement ended: reads the server's request counter, closing the window the check compares. */
  statementEnded(): Promise<void>;
  /** Stops bpftrace, writes the records, and returns what the run keeps; `onReading` hears how far reading came. */
  stop(onReading?: (r: TraceReading) => void): Promise<PageTraceSummary>;
}

/** "reading the page trace from bpftrace: 1,234,567 of 3,456,789 records (41%), 96.1 MiB so far". */
export function traceReadingWords(r: TraceReading): string {
  if (r.printed)
    return `reading the page trace from bpftrace: ${formatCount(r.records)} records printed (${formatBytes(r.bytes)}); parsing and saving them`;
  const of = r.of === null ? '' : ` of ${formatCount(r.of)}`;
  const share = r.of ? ` (${Math.floor((100 * r.records) / r.of)}%)` : '';
  return `reading the page trace from bpftrace: ${formatCount(r.records)}${of} records${share}, ${formatBytes(r.bytes)} so far`;
}

const REQUESTS = 'innodb_buffer_pool_read_requests';

/** bplab's other connections during the run, whose threads' requests the check names as bplab's own. */
async function ownThreads(own: readonly RowsReader[], flavor: string, marked: boolean): Promise<number[]> {
  // MySQL 5.6 names no thread of a connection: finding each by a marked statement takes a bpftrace of
  // its own, so there bplab's reads are counted with the server's threads.
  if (marked) return [];
  const tids: number[] = [];
  for (const c of own) {
    const tid = await connectionThreadId(c, flavor).catch(() => null);
    if (tid !== null) tids.push(tid);
  }
  return tids;
}

function probeCalls(table: ProbeTable, calls: number[]): PageTraceSummary['probes'] {
  return [
    ...table.probes.map((p, i) => ({ name: p.name, calls: calls[i] ?? 0, serverCounts: p.serverCounts })),
    ...(table.latchedHashHits
      ? [
          {
            name: 'btr_search_guess_on_hash hits under the search latch',
            calls: calls[table.probes.length] ?? 0,
            serverCounts: 1,
          },
        ]
      : []),
  ];
}

export class RunPageTracer {
  constructor(private readonly deps: RunPageTracerDeps) {}

  /** Attaches to the server; throws in words when the server cannot be traced. */
  async start(
    runId: string,
    profileId: string,
    server: { flavor: string; version: string },
    conn: RowsReader,
    /** Reads the pool's pages before the trace starts, on another connection (bufferpool/pool-pages.ts). */
    poolAtStart?: () => Promise<PoolPages>,
    /** bplab's other connections to the server during the run (its control and poller connections). */
    own: readonly RowsReader[] = [],
  ): Promise<RunTraceSession> {
    const binary = await this.deps.binaryOf(profileId);
    const ready = await pageTraceReadiness(this.deps.probes, server, binary);
    if (!ready.ok) throw new Error(`The run cannot trace pages: ${ready.why}.`);
    const marked = !!ready.table.threadMarker;
    const tid = marked
      ? await markedThreadId(this.deps.spawn, ready.bpftrace, binary!, ready.table.threadMarker!, conn)
      : await connectionThreadId(conn, server.flavor);
    const bplab = await ownThreads(own, server.flavor, marked);
    const pool = poolAtStart ? await poolAtStart() : null;
    const session = await startTraceOfThread(this.deps, ready, binary!, tid);
    const before = await readCountersAt(conn, [REQUESTS]).catch(() => null);
    let after: CounterReading | null = null;
    return {
      statementEnded: async () => {
        after = await readCountersAt(conn, [REQUESTS]);
      },
      stop: (onReading) =>
        this.finish(runId, session, ready.table, { tid, bplab, before, after }, pool, onReading),
    };
  }

  private async finish(
    runId: string,
    session: PageTraceSession,
    table: ProbeTable,
    w: { tid: number; bplab: number[]; before: CounterReading | null; after: CounterReading | null },
    pool: PoolPages | null,
    onReading?: (r: TraceReading) => void,
  ): Promise<PageTraceSummary> {
    const file = `${runId}.pagetrace`;
    const probes = probeCounters(table);
    const poolFile = `${runId}.pagepool`;
    if (pool) writePoolPages(join(this.deps.dir, poolFile), pool);
    const kept = pool ? { poolAtStart: { file: poolFile, pages: pool.space.length } } : {};
    let out;
    try {
      out = await session.stop(onReading);
    } catch (e) {
      if (!(e instanceof TracerEnded)) throw e;
      return {
        file,
        requests: 0,
        records: 0,
        probes: probeCalls(table, new Array<number>(probes).fill(0)),
        lost: 0,
        incomplete: e.message,
        ...kept,
      };
    }
    const raw = out.threads.get(w.tid) ?? emptyTrace(probes);
    writePageTrace(join(this.deps.dir, file), storedOf(raw));
    const serverRequests = w.before && w.after ? counterDelta(w.before, w.after, REQUESTS) : null;
    let check: PageTraceSummary['check'];
    if (w.before && w.after && serverRequests !== null) {
      const whose = whoseRequests(
        countedInWindow(out, w.before.atNs, w.after.atNs),
        (t) => t === w.tid,
        (t) => w.bplab.includes(t),
      );
      check = { serverRequests, ...whose, windowMs: Number(w.after.atNs - w.before.atNs) / 1e6 };
    }
    return {
      file,
      requests: raw.count.reduce((n, c) => n + c, 0),
      records: raw.count.length,
      probes: probeCalls(table, raw.calls),
      lost: raw.lost + out.lostEvents,
      ...kept,
      ...(serverRequests !== null ? { serverRequests } : {}),
      ...(check ? { check } : {}),
    };
  }
}
