/**
 * A run's "trace pages" option: before the timed statement, the run connection's OS thread is looked
 * up and bpftrace attached to the server's binary for it; after, bpftrace is stopped and the records
 * written beside the run. A server that cannot be traced fails the run before its query, in words.
 */
import { join } from 'node:path';
import type { PageTraceSummary } from '../../shared/runs/page-trace';
import { pageTraceReadiness, type PageTraceProbes } from './capability';
import { startPageTrace, type Spawn, type TraceReading } from './tracer';
import { formatBytes, formatCount } from '../../shared/format';
import { writePoolPages, type PoolPages } from './pool-start';
import type { TracerJournal } from './tracer-journal';
import { markedThreadId } from './thread-marker';
import { storedOf, writePageTrace } from './trace-file';

/** What the tracer needs of the run's connection. */
interface RowsReader {
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
}

/** The OS thread serving this connection: MySQL 8.0's performance_schema.threads, MariaDB's PROCESSLIST.TID. */
export async function connectionThreadId(c: RowsReader, flavor: string): Promise<number> {
  const sql =
    flavor === 'mariadb'
      ? 'SELECT TID AS tid FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()'
      : 'SELECT THREAD_OS_ID AS tid FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()';
  const [row] = await c.rows<{ tid: number | string | null }>(sql);
  const tid = Number(row?.tid ?? 0);
  if (!Number.isInteger(tid) || tid <= 0)
    throw new Error(
      flavor === 'mariadb'
        ? 'the server did not say which OS thread serves the run (information_schema.PROCESSLIST.TID)'
        : 'the server did not say which OS thread serves the run (performance_schema is off, or its threads table is empty)',
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
  /** The records a trace holds (tracer.ts: a smaller map attaches sooner); 8 million by default. */
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

/** The server's Innodb_buffer_pool_read_requests (a read of the status, which asks InnoDB for no page). */
async function readRequests(c: RowsReader): Promise<number> {
  const rows = await c.rows<{ Value?: string; value?: string }>(
    "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_read_requests'",
  );
  return Number(rows[0]?.Value ?? rows[0]?.value ?? NaN);
}

export class RunPageTracer {
  constructor(private readonly deps: RunPageTracerDeps) {}

  /** Attaches to the run's thread; throws in words when the server cannot be traced. */
  async start(
    runId: string,
    profileId: string,
    server: { flavor: string; version: string },
    conn: RowsReader,
    /** Reads the pool's pages before the trace starts, on another connection (bufferpool/pool-pages.ts). */
    poolAtStart?: () => Promise<PoolPages>,
  ): Promise<RunTraceSession> {
    const binary = await this.deps.binaryOf(profileId);
    const ready = await pageTraceReadiness(this.deps.probes, server, binary);
    if (!ready.ok) throw new Error(`The run cannot trace pages: ${ready.why}.`);
    const tid = ready.table.threadMarker
      ? await markedThreadId(this.deps.spawn, ready.bpftrace, binary!, ready.table.threadMarker, conn)
      : await connectionThreadId(conn, server.flavor);
    const pool = poolAtStart ? await poolAtStart() : null;
    const session = await startPageTrace(
      {
        spawn: this.deps.spawn,
        bpftrace: ready.bpftrace,
        ...(this.deps.maxRecords ? { maxRecords: this.deps.maxRecords } : {}),
        ...(this.deps.journal ? { journal: this.deps.journal } : {}),
      },
      binary!,
      ready.table,
      tid,
    );
    const file = `${runId}.pagetrace`;
    const before = await readRequests(conn);
    let after: number | null = null;
    return {
      statementEnded: async () => {
        after = await readRequests(conn);
      },
      stop: async (onReading) => {
        const raw = await session.stop(onReading);
        writePageTrace(join(this.deps.dir, file), storedOf(raw));
        const poolFile = `${runId}.pagepool`;
        if (pool) writePoolPages(join(this.deps.dir, poolFile), pool);
        return {
          file,
          requests: raw.count.reduce((n, c) => n + c, 0),
          records: raw.count.length,
          probes: [
            ...ready.table.probes.map((p, i) => ({
              name: p.name,
              calls: raw.calls[i] ?? 0,
              serverCounts: p.serverCounts,
            })),
            ...(ready.table.latchedHashHits
              ? [
                  {
                    name: 'btr_search_guess_on_hash hits under the search latch',
                    calls: raw.calls[ready.table.probes.length] ?? 0,
                    serverCounts: 1,
                  },
                ]
              : []),
          ],
          lost: raw.lost,
          ...(pool ? { poolAtStart: { file: poolFile, pages: pool.space.length } } : {}),
          ...(after !== null && Number.isFinite(before) && Number.isFinite(after)
            ? { serverRequests: after - before }
            : {}),
        };
      },
    };
  }
}
