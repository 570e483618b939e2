/**
 * bpftrace's output at its end read back per thread (parseTraceOutput), and what a trace's records are
 * made into: one or several threads' records in time order, and each thread's requests as the server
 * counts them over a window (the check against Innodb_buffer_pool_read_requests).
 */
import { CNT_LINE, EXTRA_UNIT, HITS_LINE, LATCHED_BIT, MAX_RECORDS, REC_LINE, SEQ_LINE } from './program';
/** One thread's folds in order, with the calls each probe saw. */
export interface RawPageTrace {
  /** ns on the kernel's monotonic clock, of each fold's first request. */
  atNs: bigint[];
  space: Uint32Array;
  page: Uint32Array;
  /** Consecutive requests of the same page, folded. */
  count: Uint32Array;
  /** 1 for a record of latched adaptive-hash hits (program.ts, LATCHED_BIT); absent when none is. */
  latched?: Uint8Array;
  /** Per record, the requests the server counted twice (program.ts, EXTRA_UNIT); absent when none was. */
  extra?: Uint32Array;
  /** Calls per probe, in the table's order, then the latched adaptive-hash hits (placed in the records too). */
  calls: number[];
  /** Records the maps could not hold (more than MAX_RECORDS), or missing from the output: then the trace is incomplete. */
  lost: number;
}

/** What bpftrace saw of every thread that asked for a page, by OS thread id. */
export interface TraceOutput {
  threads: Map<number, RawPageTrace>;
  /** Records lost that belong to no thread (bpftrace's "Lost N events"). */
  lostEvents: number;
}

interface Building {
  atNs: bigint[];
  space: Uint32Array;
  page: Uint32Array;
  count: Uint32Array;
  latched: Uint8Array;
  extra: Uint32Array;
  seen: Uint8Array;
  counted: Uint8Array;
  calls: number[];
  records: number;
  anyLatched: boolean;
  anyExtra: boolean;
}

/**
 * Parses bpftrace's output at its end (the record, count, hit and sequence lines; anything else is
 * ignored), per thread. `probes`: the calls counted, the table's probes and its latched hash hits.
 * `maxRecords`: what the maps held, shared by every thread.
 */
export function parseTraceOutput(
  text: string,
  probes: number,
  stderr = '',
  maxRecords = MAX_RECORDS,
): TraceOutput {
  const lines = text.split('\n');
  const sequences = new Map<number, number>();
  for (const line of lines) {
    const m = SEQ_LINE.exec(line);
    if (m && !sequences.has(Number(m[1]))) sequences.set(Number(m[1]), Number(m[2]));
  }
  const building = new Map<number, Building>();
  const threadOf = (tid: number): Building => {
    let b = building.get(tid);
    if (!b) {
      const n = Math.min(sequences.get(tid) ?? 0, maxRecords);
      b = {
        atNs: new Array<bigint>(n).fill(0n),
        space: new Uint32Array(n),
        page: new Uint32Array(n),
        count: new Uint32Array(n),
        latched: new Uint8Array(n),
        extra: new Uint32Array(n),
        seen: new Uint8Array(n),
        counted: new Uint8Array(n),
        calls: new Array<number>(probes).fill(0),
        records: sequences.get(tid) ?? 0,
        anyLatched: false,
        anyExtra: false,
      };
      building.set(tid, b);
    }
    return b;
  };
  for (const tid of sequences.keys()) threadOf(tid);
  const callsSeen = new Set<string>();
  for (const line of lines) {
    const r = REC_LINE.exec(line);
    if (r) {
      const b = threadOf(Number(r[1]));
      const i = Number(r[2]);
      if (i >= b.space.length) continue;
      const key = BigInt(r[3]!);
      b.space[i] = Number(key >> 32n);
      b.page[i] = Number(key & 0xffffffffn);
      b.atNs[i] = BigInt(r[4]!);
      b.seen[i] = 1;
      continue;
    }
    const c = CNT_LINE.exec(line);
    if (c) {
      const b = threadOf(Number(c[1]));
      const i = Number(c[2]);
      if (i < b.count.length && !b.counted[i]) {
        const v = Number(c[3]);
        const extra = Math.floor(v / EXTRA_UNIT);
        const low = v - extra * EXTRA_UNIT;
        if (low >= LATCHED_BIT) {
          b.latched[i] = 1;
          b.anyLatched = true;
        }
        b.count[i] = low >= LATCHED_BIT ? low - LATCHED_BIT : low;
        b.extra[i] = extra;
        if (extra > 0) b.anyExtra = true;
        b.counted[i] = 1;
      }
      continue;
    }
    const h = HITS_LINE.exec(line);
    // The first line of a key: bpftrace prints the maps END cleared once more as it exits.
    if (h && !callsSeen.has(`${h[1]},${h[2]}`)) {
      callsSeen.add(`${h[1]},${h[2]}`);
      const probe = Number(h[1]);
      const b = threadOf(Number(h[2]));
      if (probe < b.calls.length) b.calls[probe] = Number(h[3]);
    }
  }
  const threads = new Map<number, RawPageTrace>();
  for (const [tid, b] of building) {
    const kept = b.space.length;
    let lost = b.records - kept;
    // A record without its page or its count (bpftrace stopped printing) is lost.
    for (let i = 0; i < kept; i++) if (!b.seen[i] || !b.counted[i]) lost++;
    threads.set(tid, {
      atNs: b.atNs,
      space: b.space,
      page: b.page,
      count: b.count,
      calls: b.calls,
      lost,
      ...(b.anyLatched ? { latched: b.latched } : {}),
      ...(b.anyExtra ? { extra: b.extra } : {}),
    });
  }
  let lostEvents = 0;
  for (const m of stderr.matchAll(/Lost (\d+) events/g)) lostEvents += Number(m[1]);
  return { threads, lostEvents };
}

/** No records, no calls: a thread that asked for no page. */
export function emptyTrace(probes: number): RawPageTrace {
  return {
    atNs: [],
    space: new Uint32Array(0),
    page: new Uint32Array(0),
    count: new Uint32Array(0),
    calls: new Array<number>(probes).fill(0),
    lost: 0,
  };
}

/** Records of `raw` chosen by index, in that order. */
export function pickRecords(raw: RawPageTrace, keep: readonly number[]): RawPageTrace {
  const u32 = (from: Uint32Array) => Uint32Array.from(keep, (i) => from[i]!);
  return {
    atNs: keep.map((i) => raw.atNs[i]!),
    space: u32(raw.space),
    page: u32(raw.page),
    count: u32(raw.count),
    calls: raw.calls,
    lost: raw.lost,
    ...(raw.latched ? { latched: Uint8Array.from(keep, (i) => raw.latched![i]!) } : {}),
    ...(raw.extra ? { extra: u32(raw.extra) } : {}),
  };
}

/**
 * The records of the threads `tids` as one trace, in time order (each fold placed at its first
 * request), their calls summed; a thread that asked for no page adds nothing.
 */
export function threadsTrace(out: TraceOutput, tids: Iterable<number>, probes: number): RawPageTrace {
  const parts = [...new Set(tids)].map((t) => out.threads.get(t)).filter((t) => t !== undefined);
  if (parts.length === 0) return emptyTrace(probes);
  if (parts.length === 1) return parts[0]!;
  const n = parts.reduce((sum, p) => sum + p.count.length, 0);
  const all: Required<RawPageTrace> = {
    atNs: [],
    space: new Uint32Array(n),
    page: new Uint32Array(n),
    count: new Uint32Array(n),
    latched: new Uint8Array(n),
    extra: new Uint32Array(n),
    calls: Array.from({ length: probes }, (_, i) => parts.reduce((sum, p) => sum + (p.calls[i] ?? 0), 0)),
    lost: parts.reduce((sum, p) => sum + p.lost, 0),
  };
  let at = 0;
  for (const p of parts) {
    for (const t of p.atNs) all.atNs.push(t);
    all.space.set(p.space, at);
    all.page.set(p.page, at);
    all.count.set(p.count, at);
    if (p.latched) all.latched.set(p.latched, at);
    if (p.extra) all.extra.set(p.extra, at);
    at += p.count.length;
  }
  const order = Array.from(all.atNs.keys()).sort((a, b) =>
    all.atNs[a]! < all.atNs[b]! ? -1 : all.atNs[a]! > all.atNs[b]! ? 1 : a - b,
  );
  const merged = pickRecords(all, order);
  if (!parts.some((p) => p.latched)) delete merged.latched;
  if (!parts.some((p) => p.extra)) delete merged.extra;
  return merged;
}

/** The requests the server counts for a trace's records (each request, and the second count of some). */
function serverCounted(raw: Pick<RawPageTrace, 'count' | 'extra'>, keep?: (i: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < raw.count.length; i++) {
    if (keep && !keep(i)) continue;
    n += raw.count[i]! + (raw.extra?.[i] ?? 0);
  }
  return n;
}

/** Requests the server counts, told apart by whose threads made them. */
export interface WhoseRequests {
  /** The traced work's own threads (a run's, a load step's clients). */
  run: number;
  /** bplab's other connections (its control connection, its pool watch). */
  bplab: number;
  /** Every other thread: the server's own, any other session. */
  server: number;
}

/** countedInWindow's requests summed by whose threads made them: `run`'s, then `bplab`'s, the rest the server's. */
export function whoseRequests(
  counted: ReadonlyMap<number, number>,
  isRun: (tid: number) => boolean,
  isBplab: (tid: number) => boolean,
): WhoseRequests {
  const whose = { run: 0, bplab: 0, server: 0 };
  for (const [tid, n] of counted) {
    if (isRun(tid)) whose.run += n;
    else if (isBplab(tid)) whose.bplab += n;
    else whose.server += n;
  }
  return whose;
}

/** The requests the server counts of each thread's records whose first request fell in [fromNs, toNs]. */
export function countedInWindow(out: TraceOutput, fromNs: bigint, toNs: bigint): Map<number, number> {
  const by = new Map<number, number>();
  for (const [tid, t] of out.threads) {
    const n = serverCounted(t, (i) => t.atNs[i]! >= fromNs && t.atNs[i]! <= toNs);
    if (n > 0) by.set(tid, n);
  }
  return by;
}
