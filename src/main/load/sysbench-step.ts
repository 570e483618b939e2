/**
 * One step of a load driven by sysbench (1.x): sysbench's own oltp_point_select or oltp_read_only
 * (or SELECT 1 for the ceiling) through bplab's small Lua script, which prints a JSON line a second.
 * sysbench 1.0 has no warm-up of its own, so one run covers both: its first whole seconds are the
 * warm-up, recorded apart, and the counted time starts at the report that ends them (when atCounted
 * runs). The password reaches sysbench as a config file that is a FIFO (sysbench-config.ts), never
 * on its command line nor on disk. A cancel sends SIGINT, keeping the seconds reported; sysbench
 * ending on its own before its time (the server went away, or sysbench crashed: said apart) marks the
 * step interrupted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoadCounts, LoadSecond, LoadStepState } from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import type { StepMeasure } from './load-step';
import type { MixOptions } from './statement-mix';
import type { SysbenchFound } from './sysbench-find';
import { sysbenchConfigFile, type SysbenchConfigFile } from './sysbench-config';
import { SysbenchHistogram, type SysbenchScale } from './sysbench-histogram';
import { SYSBENCH_LINE_MARK, SYSBENCH_LUA } from './sysbench-lua';
import type { WorkerConnection } from './worker-protocol';

export interface SysbenchStepRequest {
  sysbench: SysbenchFound;
  connection: WorkerConnection;
  mix: MixOptions;
  protocol: 'prepared' | 'text';
  clients: number;
  /** Rounded up to whole seconds (sysbench reports by the second). */
  warmupSeconds: number;
  /** Rounded up to whole seconds. */
  seconds: number;
  signal?: AbortSignal;
  atCounted?: () => Promise<void>;
  onSecond?: (s: LoadSecond) => void;
}

interface Line {
  second?: boolean;
  total?: boolean;
  t: number;
  dt: number;
  events: number;
  reads: number;
  writes: number;
  other: number;
  errors: number;
  reconnects: number;
  buckets?: Array<[number, number]>;
  deduct?: number;
  mult?: number;
}

/** Why sysbench could not drive this connection (a password sysbench's config file cannot quote), or null. */
export function sysbenchCannotUse(c: WorkerConnection): string | null {
  if (c.ssl) return "sysbench is not given this profile's TLS settings";
  if (/[\r\n]/.test(c.password) || (c.password.includes("'") && c.password.includes('"')))
    return "the password has characters sysbench's config file cannot carry";
  return null;
}

/** sysbench's flags for one step (the password is not among them: it is in the config file). */
export function sysbenchArgs(
  script: string,
  r: SysbenchStepRequest,
  time: number,
  configFile: string,
): string[] {
  const c = r.connection;
  return [
    script,
    `--config-file=${configFile}`,
    ...(c.socketPath
      ? [`--mysql-socket=${c.socketPath}`]
      : [`--mysql-host=${c.host ?? '127.0.0.1'}`, `--mysql-port=${c.port ?? 3306}`]),
    `--mysql-user=${c.user}`,
    `--mysql-db=${c.database}`,
    `--tables=${r.mix.tables}`,
    `--table-size=${r.mix.rows}`,
    `--rand-type=${r.mix.distribution}`,
    `--range-size=${r.mix.rangeSize}`,
    `--db-ps-mode=${r.protocol === 'prepared' ? 'auto' : 'disable'}`,
    `--threads=${r.clients}`,
    `--time=${time}`,
    '--report-interval=1',
    '--percentile=99',
    'run',
  ];
}

/** CPU seconds of this process's waited-for children (Linux /proc; 0 elsewhere). */
export function childCpuSeconds(): number {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[14]) + Number(f[15])) / 100;
  } catch {
    return 0;
  }
}

class Stretch {
  readonly histogram = new SysbenchHistogram();
  queries = 0;
  transactions = 0;
  errors = 0;
  reconnects = 0;
  seconds = 0;
  add(l: Line, scale: SysbenchScale | null): void {
    this.queries += l.reads + l.writes + l.other;
    this.transactions += l.events;
    this.errors += l.errors;
    this.reconnects += l.reconnects;
    this.seconds += l.dt;
    if (l.buckets && scale) this.histogram.add(l.buckets, scale);
  }
  counts(seconds = this.seconds): LoadCounts {
    const { queries, transactions, errors, reconnects } = this;
    return { queries, transactions, errors, reconnects, seconds, latency: this.histogram.latency() };
  }
}

export async function runSysbenchStep(req: SysbenchStepRequest): Promise<StepMeasure> {
  const warm = Math.ceil(req.warmupSeconds);
  const time = warm + Math.max(1, Math.ceil(req.seconds));
  const dir = mkdtempSync(join(tmpdir(), 'bplab-sysbench-'));
  const script = join(dir, 'bplab-oltp.lua');
  writeFileSync(script, SYSBENCH_LUA, { mode: 0o600 });
  const warmup = new Stretch();
  const counted = new Stretch();
  const all = new Stretch();
  const perSecond: LoadSecond[] = [];
  const said: string[] = [];
  let total: Line | null = null;
  let last: Line | null = null;
  let at = 0;
  let counting: Promise<void> | null = null;
  let config: SysbenchConfigFile;
  try {
    config = await sysbenchConfigFile(dir, req.connection.password);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  if (warm === 0) await req.atCounted?.();
  const cpu0 = childCpuSeconds();
  const child = spawn(req.sysbench.path, sysbenchArgs(script, req, time, config.path), {
    cwd: dir,
    env: { ...process.env, BPLAB_SYSBENCH_MIX: req.mix.mix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cancel = () => child.kill('SIGINT');
  req.signal?.addEventListener('abort', cancel);
  if (req.signal?.aborted) cancel();
  const onLine = (text: string) => {
    if (!text.startsWith(SYSBENCH_LINE_MARK)) {
      if (text.trim()) said.push(text.trim());
      return;
    }
    let l: Line;
    try {
      l = JSON.parse(text.slice(SYSBENCH_LINE_MARK.length)) as Line;
    } catch {
      // Never expected (each line is one write); kept in words rather than thrown from an event.
      return void said.push(`an unreadable report line: ${text.slice(0, 200)}`);
    }
    if (l.total) return void (total = l);
    const scale = l.mult && l.deduct !== undefined ? { mult: l.mult, deduct: l.deduct } : null;
    const isWarm = at < warm;
    (isWarm ? warmup : counted).add(l, scale);
    all.add(l, null);
    last = l;
    const one = new Stretch();
    one.add(l, scale);
    const second: LoadSecond = { at: at++, warmup: isWarm, ...one.counts() };
    perSecond.push(second);
    req.onSecond?.(second);
    if (at === warm) counting = req.atCounted?.() ?? null;
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', (t) => t.trim() && said.push(t.trim()));
  let ended = '';
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (e) => (said.push(e.message), resolve(-1)));
    child.on('close', (c, signal) => {
      ended = signal ? `signal ${signal}` : `code ${String(c)}`;
      resolve(c);
    });
  });
  req.signal?.removeEventListener('abort', cancel);
  await config.done();
  rmSync(dir, { recursive: true, force: true });
  await counting;
  const cpu = childCpuSeconds() - cpu0;
  // The part of the last second no report covered: the totals less every second reported.
  const t = total as Line | null;
  const l = last as Line | null;
  if (t) {
    const rest: Line = {
      t: t.t,
      dt: Math.max(0, t.t - (l?.t ?? 0)),
      events: t.events - all.transactions,
      reads: t.reads + t.writes + t.other - all.queries,
      writes: 0,
      other: 0,
      errors: t.errors - all.errors,
      reconnects: t.reconnects - all.reconnects,
    };
    if (rest.reads >= 0 && rest.events >= 0) (at >= warm ? counted : warmup).add(rest, null);
  }
  const fatal = said.find((s) => /FATAL|error/i.test(s)) ?? said[said.length - 1] ?? '';
  if (perSecond.length === 0 && !req.signal?.aborted && code !== 0) {
    if (/connect|2002|2003|2013|gone away|lost connection/i.test(fatal))
      throw AppFailure.of('UNREACHABLE', `sysbench could not connect to the server: ${fatal}`);
    throw AppFailure.of('INTERNAL', `sysbench did not run: ${fatal || `it ended with code ${String(code)}`}`);
  }
  // The totals come only from a run that ended without an error (sysbench skips them after a FATAL
  // one): with them, the step measured its whole time even if sysbench's own exit then failed.
  const state: LoadStepState = req.signal?.aborted
    ? 'cancelled'
    : code !== 0 && !t
      ? 'interrupted'
      : 'complete';
  const countedSeconds = counted.seconds;
  return {
    state,
    reason:
      state === 'cancelled'
        ? 'Cancelled; what was measured until then is kept.'
        : state === 'interrupted'
          ? endedEarly(ended, said)
          : null,
    counted: counted.counts(countedSeconds),
    warmup: warm > 0 ? warmup.counts() : null,
    perSecond,
    cpu: {
      seconds: cpu,
      share: countedSeconds > 0 ? cpu / (countedSeconds + warmup.seconds) / coresOf() : 0,
      cores: coresOf(),
    },
    threads: req.clients,
  };
}

const coresOf = (): number => cpus().length;

/**
 * Why a step's sysbench ended before its time, in words: a signal that crashes a program (SIGABRT,
 * SIGSEGV...) is sysbench's own failure, not the server's; a kill is someone else's; an exit code
 * is most often the server going away.
 */
export function endedEarly(ended: string, said: readonly string[]): string {
  const signal = /^signal (\w+)$/.exec(ended)?.[1];
  if (signal && ['SIGKILL', 'SIGTERM', 'SIGHUP'].includes(signal))
    return `sysbench was stopped from outside (${signal}) before its time: ${lastWords(said)}`;
  if (signal) return `sysbench itself crashed (${signal}) before its time: ${lastWords(said)}`;
  return `sysbench ended before its time (${ended}; the server went away?): ${lastWords(said)}`;
}

/**
 * What sysbench said last before it ended early: its error line, else its last line (an abort's
 * "free(): invalid pointer" has no "error" in it), else that it said nothing.
 */
export function lastWords(said: readonly string[]): string {
  return said.find((x) => /FATAL|error/i.test(x)) ?? said[said.length - 1] ?? 'it said nothing';
}
