/**
 * Starts and stops bpftrace for one traced run: the program for the server's binary and the run's
 * thread, its output read back as folds (time, thread, space, page, count) and calls per probe. The
 * process is handed in (spawn), so a test can run it against a bpftrace of its own choosing.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import {
  bpftraceProgram,
  CNT_LINE,
  HITS_LINE,
  LATCHED_BIT,
  MAX_RECORDS,
  READY_LINE,
  REC_LINE,
  SEQ_LINE,
} from './program';
import type { ProbeTable } from './probes';
import type { TracerJournal } from './tracer-journal';

export type Spawn = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/** The trace of one thread: folds in order, with the calls each probe saw. */
export interface RawPageTrace {
  /** ns on the kernel's monotonic clock, of each fold's first request. */
  atNs: bigint[];
  space: Uint32Array;
  page: Uint32Array;
  /** Consecutive requests of the same page, folded. */
  count: Uint32Array;
  /** 1 for a record of latched adaptive-hash hits (program.ts, LATCHED_BIT); absent when none is. */
  latched?: Uint8Array;
  /** Calls per probe, in the table's order, then the latched adaptive-hash hits (placed in the records too). */
  calls: number[];
  /** Records the maps could not hold (more than MAX_RECORDS), or missing from the output: then the trace is incomplete. */
  lost: number;
}

/** How far reading a trace's output has come: records printed so far of those the trace holds, and bytes. */
export interface TraceReading {
  records: number;
  /** The records bpftrace holds (its @seq, printed first), null until it came. */
  of: number | null;
  bytes: number;
  /** bpftrace has printed everything and ended: what is left is parsing and saving the records. */
  printed?: boolean;
}

/** A running trace: stop() ends bpftrace (its END prints the last fold) and parses what it wrote. */
export interface PageTraceSession {
  /** `onReading` hears how far bpftrace's printing has come, at most every READING_EVERY_MS. */
  stop(onReading?: (r: TraceReading) => void): Promise<RawPageTrace>;
}

/** How often a trace being read says how far it has come. */
export const READING_EVERY_MS = 500;

/**
 * Counts what bpftrace's END has printed so far: each record is a @rec line and a @cnt line, so the
 * records read are half the lines of both (a line cut between two chunks is counted with the next).
 */
export class TraceReadingCounter {
  private lines = 0;
  private tail = '';
  of: number | null = null;
  bytes = 0;

  take(chunk: string): void {
    this.bytes += Buffer.byteLength(chunk);
    const text = this.tail + chunk;
    const cut = text.lastIndexOf('\n');
    const whole = cut < 0 ? '' : text.slice(0, cut);
    this.tail = cut < 0 ? text : text.slice(cut + 1);
    if (this.of === null) {
      const seq = /^@seq: (\d+)$/m.exec(whole);
      if (seq) this.of = Number(seq[1]);
    }
    for (const mark of ['\n@rec[', '\n@cnt[']) {
      for (let at = whole.indexOf(mark); at >= 0; at = whole.indexOf(mark, at + mark.length)) this.lines++;
      if (whole.startsWith(mark.slice(1))) this.lines++;
    }
  }

  reading(): TraceReading {
    const records = Math.floor(this.lines / 2);
    return {
      records: this.of === null ? records : Math.min(records, this.of),
      of: this.of,
      bytes: this.bytes,
    };
  }
}

export interface TracerDeps {
  spawn: Spawn;
  /** The bpftrace to run (a path or a name on PATH). */
  bpftrace: string;
  /** How long attaching may take before the trace is given up, ms. */
  attachTimeoutMs?: number;
  /**
   * The records the maps hold (MAX_RECORDS by default). BPF preallocates them, which is most of the
   * attach: on MySQL 8.0.31 here (2 shared cores) 36 s with 8 million, 10 s with 1 million, 6.5 s with 1,000.
   */
  maxRecords?: number;
  /** Where each bpftrace is journalled while it runs; tracers a dead bplab left are stopped first. */
  journal?: TracerJournal;
}

/**
 * Parses bpftrace's output at its end (the record, count and hit lines; anything else is ignored).
 * `probes`: the calls counted, the table's probes and its latched hash hits.
 */
export function parseTraceOutput(
  text: string,
  probes: number,
  stderr = '',
  maxRecords = MAX_RECORDS,
): RawPageTrace {
  let records = 0;
  for (const line of text.split('\n')) {
    const m = SEQ_LINE.exec(line);
    if (m) records = Number(m[1]);
  }
  const kept = Math.min(records, maxRecords);
  const atNs = new Array<bigint>(kept).fill(0n);
  const space = new Uint32Array(kept);
  const page = new Uint32Array(kept);
  const count = new Uint32Array(kept);
  const latched = new Uint8Array(kept);
  let anyLatched = false;
  const seen = new Uint8Array(kept);
  const counted = new Uint8Array(kept);
  const calls = new Array<number>(probes).fill(0);
  const callsSeen = new Set<number>();
  for (const line of text.split('\n')) {
    const r = REC_LINE.exec(line);
    if (r) {
      const i = Number(r[1]);
      if (i >= kept) continue;
      const key = BigInt(r[2]!);
      space[i] = Number(key >> 32n);
      page[i] = Number(key & 0xffffffffn);
      atNs[i] = BigInt(r[3]!);
      seen[i] = 1;
      continue;
    }
    const c = CNT_LINE.exec(line);
    if (c) {
      const i = Number(c[1]);
      if (i < kept && !counted[i]) {
        const v = Number(c[2]);
        if (v >= LATCHED_BIT) {
          latched[i] = 1;
          anyLatched = true;
        }
        count[i] = v >= LATCHED_BIT ? v - LATCHED_BIT : v;
        counted[i] = 1;
      }
      continue;
    }
    const h = HITS_LINE.exec(line);
    // The first line of a key: bpftrace prints the maps END cleared once more as it exits.
    if (h && !callsSeen.has(Number(h[1]))) {
      callsSeen.add(Number(h[1]));
      calls[Number(h[1])] = Number(h[2]);
    }
  }
  let lost = records - kept;
  // A record without its page or its count (bpftrace stopped printing) is lost.
  for (let i = 0; i < kept; i++) if (!seen[i] || !counted[i]) lost++;
  for (const m of stderr.matchAll(/Lost (\d+) events/g)) lost += Number(m[1]);
  return { atNs, space, page, count, calls, lost, ...(anyLatched ? { latched } : {}) };
}

/** Starts bpftrace on `binary` for thread `tid`; resolves once every probe is attached. */
export async function startPageTrace(
  deps: TracerDeps,
  binary: string,
  table: ProbeTable,
  tid: number,
): Promise<PageTraceSession> {
  await deps.journal?.sweep();
  const program = bpftraceProgram(binary, table, tid);
  const child = deps.spawn(deps.bpftrace, ['-e', program], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BPFTRACE_MAP_KEYS_MAX: String(deps.maxRecords ?? MAX_RECORDS) },
  });
  const pid = child.pid;
  if (pid !== undefined) deps.journal?.add(pid, binary);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => {
      if (pid !== undefined) deps.journal?.remove(pid);
      resolve(code);
    });
    child.on('error', (e) => {
      err += `\n${e.message}`;
      resolve(-1);
    });
  });
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      if (ready) return;
      child.kill('SIGKILL');
      reject(
        new Error(`bpftrace did not attach its probes within ${(deps.attachTimeoutMs ?? 180_000) / 1000} s`),
      );
    }, deps.attachTimeoutMs ?? 180_000);
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      if (!ready && out.includes(READY_LINE)) {
        ready = true;
        clearTimeout(timer);
        resolve({
          stop: async (onReading) => {
            // bpftrace 0.17 here sometimes misses a SIGINT (it polled on, the run waited for minutes);
            // a second one while it prints its maps stops the printing (a MySQL 8.0 Q1.1 trace lost
            // every count). So SIGINT again only while it has printed nothing since the first.
            const printed = out.length;
            if (onReading) {
              // What it prints from here is its END: counted as it comes, said every half second.
              const counter = new TraceReadingCounter();
              child.stdout?.on('data', (chunk: string) => counter.take(chunk));
              const tell = setInterval(() => onReading(counter.reading()), READING_EVERY_MS);
              void exited.then(() => {
                clearInterval(tell);
                onReading({ ...counter.reading(), printed: true });
              });
            }
            child.kill('SIGINT');
            const again = setInterval(() => {
              if (out.length === printed) child.kill('SIGINT');
            }, 10_000);
            void exited.then(() => clearInterval(again));
            const code = await exited;
            if (code !== 0 && code !== null)
              throw new Error(`bpftrace ended with code ${code}: ${lastLines(err)}`);
            return parseTraceOutput(
              out,
              table.probes.length + (table.latchedHashHits ? 1 : 0),
              err,
              deps.maxRecords,
            );
          },
        });
      }
    });
    child.stderr?.on('data', (chunk: string) => (err += chunk));
    void exited.then((code) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`bpftrace could not start (code ${code}): ${lastLines(err)}`));
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ') || 'it said nothing';
}
