/**
 * Starts and stops bpftrace for one trace: the program for the server's binary (every thread's page
 * requests, program.ts), its output read back per thread as folds and calls per probe (trace-output.ts). The process is handed in (spawn), so a test can run it against a bpftrace of its own
 * choosing; it is started bound to bplab's life (parent-bound.ts). A bpftrace that ends before it is
 * stopped (killed, or failing) is said as what happened: which signal or code, and when.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { boundToParent } from './parent-bound';
import { bpftraceProgram, MAX_RECORDS, READY_LINE } from './program';
import { parseTraceOutput, type TraceOutput } from './trace-output';
import { probeCounters, type ProbeTable } from './probes';
import type { TracerJournal } from './tracer-journal';

export type Spawn = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/** How a bpftrace ended that was not stopped by bplab. */
export interface TracerEnd {
  code: number | null;
  signal: string | null;
  /** ms since its probes were attached; null when it ended before they were. */
  afterAttachMs: number | null;
  /** ms since it was started. */
  afterStartMs: number;
  /** What it said last (its harmless RLIMIT_MEMLOCK warning left out). */
  said: string;
}

/** A tracer that ended on its own before it was stopped: its end, in words and as figures. */
export class TracerEnded extends Error {
  constructor(readonly end: TracerEnd) {
    super(tracerEndWords(end));
  }
}

/** A running trace: stop() ends bpftrace (its END prints the maps) and parses what it wrote. */
export interface PageTraceSession {
  /**
   * Throws TracerEnded when bpftrace had ended before it was stopped (nothing it held was printed).
   * `onReading` hears how far bpftrace's printing has come, at most every READING_EVERY_MS.
   */
  stop(onReading?: (r: TraceReading) => void): Promise<TraceOutput>;
  /** How bpftrace ended on its own, or null while it runs (or after stop()). */
  ended(): TracerEnd | null;
}

/** How far reading a trace's output has come: records printed so far of those the trace holds, and bytes. */
export interface TraceReading {
  records: number;
  /** The records bpftrace holds (every thread's @seq, printed first), null until they came. */
  of: number | null;
  bytes: number;
  /** bpftrace has printed everything and ended: what is left is parsing and saving the records. */
  printed?: boolean;
}

/** How often a trace being read says how far it has come. */
export const READING_EVERY_MS = 500;

/**
 * Counts what bpftrace's END has printed so far (program.ts): every thread's `@seq[tid]: N` first, then
 * each record as a `@rec[tid, i]` line and a `@cnt[tid, i]` line, so the records read are half the lines
 * of both (a line cut between two chunks is counted with the next). The records held are the @seq lines'
 * sum, known once the first line after them comes.
 */
export class TraceReadingCounter {
  private lines = 0;
  private tail = '';
  private seq = 0;
  of: number | null = null;
  bytes = 0;

  take(chunk: string): void {
    this.bytes += Buffer.byteLength(chunk);
    const text = this.tail + chunk;
    const cut = text.lastIndexOf('\n');
    const whole = cut < 0 ? [] : text.slice(0, cut).split('\n');
    this.tail = cut < 0 ? text : text.slice(cut + 1);
    for (const line of whole) {
      if (line.startsWith('@seq[')) {
        if (this.of === null) this.seq += Number(/: (\d+)$/.exec(line)?.[1] ?? 0);
      } else {
        if (this.of === null && line.startsWith('@')) this.of = this.seq;
        if (line.startsWith('@rec[') || line.startsWith('@cnt[')) this.lines++;
      }
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
  /** False: bpftrace outlives this process (a test of the journal's sweep); true by default. */
  boundToParent?: boolean;
}

const SIGNAL_WORDS: Record<string, string> = {
  SIGKILL: 'killed (SIGKILL)',
  SIGTERM: 'terminated (SIGTERM)',
  SIGINT: 'interrupted (SIGINT)',
  SIGSEGV: 'crashed (SIGSEGV)',
  SIGABRT: 'aborted (SIGABRT)',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** "bpftrace was killed (SIGKILL) 2.4 s after its probes were attached" and the like. */
export function tracerEndWords(e: TracerEnd): string {
  const how = e.signal
    ? `was ${SIGNAL_WORDS[e.signal] ?? `ended by ${e.signal}`}`
    : `ended on its own with code ${String(e.code)}`;
  const when =
    e.afterAttachMs === null
      ? `${seconds(e.afterStartMs)} after it started, before its probes were attached`
      : `${seconds(e.afterAttachMs)} after its probes were attached`;
  return `bpftrace ${how} ${when}${e.signal ? '' : `: ${e.said}`}`;
}

/** What bpftrace said, its RLIMIT_MEMLOCK warning (printed on every start here, harmless) left out. */
function saidOf(stderr: string): string {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  const meant = lines.filter((l) => !l.includes('RLIMIT_MEMLOCK'));
  return (meant.length > 0 ? meant : lines).slice(-3).join(' ') || 'it said nothing';
}

/**
 * The process a thread belongs to (its thread group, /proc/TID/status): the server whose thread serves
 * a connection. Throws in words when the thread is not on this machine.
 */
export function processOfThread(tid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${tid}/status`, 'utf8');
  } catch {
    throw new Error(
      `the server's thread ${tid} is not a thread of this machine, so bpftrace cannot follow it`,
    );
  }
  const pid = Number(/^Tgid:\s*(\d+)$/m.exec(status)?.[1] ?? NaN);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`/proc/${tid}/status names no process`);
  return pid;
}

/** What a tracer's owner (a run's, a load's) sets once: how bpftrace is spawned, the records it holds, its journal. */
export type TracerSettings = Pick<TracerDeps, 'spawn' | 'maxRecords' | 'journal'>;

/**
 * bpftrace started on a ready server's `binary` (capability.ts: its probe table and bpftrace), tracing
 * every thread of the process that thread `tid` belongs to.
 */
export function startTraceOfThread(
  settings: TracerSettings,
  ready: { table: ProbeTable; bpftrace: string },
  binary: string,
  tid: number,
): Promise<PageTraceSession> {
  return startPageTrace(
    {
      spawn: settings.spawn,
      bpftrace: ready.bpftrace,
      ...(settings.maxRecords ? { maxRecords: settings.maxRecords } : {}),
      ...(settings.journal ? { journal: settings.journal } : {}),
    },
    binary,
    ready.table,
    processOfThread(tid),
  );
}

/** Starts bpftrace on `binary`, tracing every thread of process `pid`; resolves once every probe is attached. */
export async function startPageTrace(
  deps: TracerDeps,
  binary: string,
  table: ProbeTable,
  pid: number,
): Promise<PageTraceSession> {
  await deps.journal?.sweep();
  const program = bpftraceProgram(binary, table, pid);
  const run =
    deps.boundToParent === false
      ? { command: deps.bpftrace, args: ['-e', program] }
      : boundToParent(deps.bpftrace, ['-e', program]);
  const startedAt = performance.now();
  let attachedAt: number | null = null;
  let stopping = false;
  let end: TracerEnd | null = null;
  const child = deps.spawn(run.command, run.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BPFTRACE_MAP_KEYS_MAX: String(deps.maxRecords ?? MAX_RECORDS) },
  });
  const tracer = child.pid;
  if (tracer !== undefined) deps.journal?.add(tracer, binary);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code, signal) => {
      if (tracer !== undefined) deps.journal?.remove(tracer);
      if (!stopping) {
        const now = performance.now();
        end = {
          code,
          signal,
          afterAttachMs: attachedAt === null ? null : now - attachedAt,
          afterStartMs: now - startedAt,
          said: saidOf(err),
        };
      }
      resolve(code);
    });
    child.on('error', (e) => {
      err += `\n${e.message}`;
      resolve(-1);
    });
  });
  const probes = probeCounters(table);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (attachedAt !== null) return;
      stopping = true;
      child.kill('SIGKILL');
      reject(
        new Error(`bpftrace did not attach its probes within ${(deps.attachTimeoutMs ?? 180_000) / 1000} s`),
      );
    }, deps.attachTimeoutMs ?? 180_000);
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      if (attachedAt === null && out.includes(READY_LINE)) {
        attachedAt = performance.now();
        clearTimeout(timer);
        resolve({
          ended: () => end,
          stop: async (onReading) => {
            if (end) throw new TracerEnded(end);
            stopping = true;
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
              throw new Error(`bpftrace ended with code ${code}: ${saidOf(err)}`);
            return parseTraceOutput(out, probes, err, deps.maxRecords);
          },
        });
      }
    });
    child.stderr?.on('data', (chunk: string) => (err += chunk));
    void exited.then(() => {
      if (attachedAt !== null) return;
      clearTimeout(timer);
      reject(end ? new TracerEnded(end) : new Error(`bpftrace could not start: ${saidOf(err)}`));
    });
  });
}
