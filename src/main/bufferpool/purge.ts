/**
 * Waiting for purge before a cold pass on MySQL: right after a load, a restart's purge threads read the
 * load's undo into a small pool before the first query runs (half of a 16 MB pool on MySQL 8.0.31), so a
 * cold run would start from a pool that is neither empty nor the dataset's. bplab waits until the
 * history list is back near zero, and says how long it waited.
 */
import { serverErrno } from '../db/errors';

interface RowsReader {
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
}

/** The undo history length: INNODB_METRICS on every flavor, MariaDB's status counter, or InnoDB's status text. */
export async function historyLength(conn: RowsReader): Promise<number | null> {
  try {
    // Only an enabled counter counts: MariaDB ships it disabled (ENABLED 0), and a disabled one reads 0.
    const [m] = await conn.rows<Record<string, unknown>>(
      "SELECT * FROM INFORMATION_SCHEMA.INNODB_METRICS WHERE NAME = 'trx_rseg_history_len'",
    );
    const enabled = m && (String(m.STATUS ?? '').toLowerCase() === 'enabled' || Number(m.ENABLED) === 1);
    if (enabled && m.COUNT !== null && m.COUNT !== undefined) return Number(m.COUNT);
  } catch (e) {
    const errno = serverErrno(e);
    if (errno !== 1109 && errno !== 1227) throw e;
  }
  const [s] = await conn.rows<{ Value: string }>("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'");
  if (s) return Number(s.Value);
  try {
    const [st] = await conn.rows<{ Status: string }>('SHOW ENGINE INNODB STATUS');
    const m = /History list length (\d+)/.exec(st?.Status ?? '');
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export interface PurgeWait {
  /** History list length when bplab started waiting, and when it stopped. */
  from: number | null;
  to: number | null;
  waitedMs: number;
  /**
   * Why bplab stopped waiting: caught up (near zero), idle (purge stopped shrinking the list: MySQL 5.6
   * leaves a part batch alone), gave up after the limit, or cannot tell.
   */
  outcome: 'caught-up' | 'idle' | 'gave-up' | 'unknown';
  words: string;
}

export interface PurgeWaitOptions {
  /** "Near zero": purge keeps a little history for open read views. */
  nearZero?: number;
  maxWaitMs?: number;
  /** Purge that has not shrunk the list for this long is idle: what is left stays. */
  idleMs?: number;
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export async function waitForPurge(conn: RowsReader, o: PurgeWaitOptions = {}): Promise<PurgeWait> {
  // Zero: the list counts transactions, not rows; a handful of them can hold a whole load's rows.
  const nearZero = o.nearZero ?? 0;
  const maxWaitMs = o.maxWaitMs ?? 120_000;
  const pollMs = o.pollMs ?? 250;
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = now();
  const from = await historyLength(conn);
  if (from === null)
    return {
      from,
      to: null,
      waitedMs: 0,
      outcome: 'unknown',
      words: 'the server does not say how much undo history purge has left, so bplab did not wait',
    };
  let to = from;
  const idleMs = o.idleMs ?? 3000;
  let lastDropAt = started;
  while (to > nearZero) {
    if (o.signal?.aborted) break;
    if (now() - lastDropAt >= idleMs) {
      const waited = now() - started;
      return {
        from,
        to,
        waitedMs: waited,
        outcome: 'idle',
        words: `purge went idle with ${to} undo logs left after ${seconds(waited)} (history list ${from} → ${to})`,
      };
    }
    if (now() - started >= maxWaitMs) {
      const waited = now() - started;
      return {
        from,
        to,
        waitedMs: waited,
        outcome: 'gave-up',
        words: `purge had ${to} undo logs left after ${seconds(waited)}; the cold pass starts anyway`,
      };
    }
    await sleep(pollMs);
    const next = (await historyLength(conn)) ?? 0;
    if (next < to) lastDropAt = now();
    to = next;
  }
  const waitedMs = now() - started;
  return {
    from,
    to,
    waitedMs,
    outcome: 'caught-up',
    words:
      from <= nearZero
        ? `purge had caught up (history list ${from})`
        : `waited ${seconds(waitedMs)} for purge (history list ${from} → ${to})`,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
