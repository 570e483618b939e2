/**
 * `bplab load`: posts 002 and 004's sysbench load from the command line. Prepares the sbtest tables
 * that are missing (reuses those present), runs the sweep one step per client count, prints a line
 * per second and a row per step; Ctrl-C stops it keeping what was measured. --json writes the result
 * (one entry per step: clients, qps, tps, p50, p95, p99, max, errors, cpu), the same LoadResult saved
 * in the data folder's loads/. Exit codes: 0 complete, 130 cancelled (Ctrl-C), 1 anything else.
 */
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import {
  clientBound,
  engineWords,
  hasLatency,
  KEY_DISTRIBUTIONS,
  LOAD_ENGINES,
  OLTP_WORKLOADS,
  type KeyDistribution,
  type LoadDriver,
  type LoadResult,
  type LoadSecond,
  type LoadStep,
  type OltpWorkload,
} from '../../../shared/load/oltp-load';
import { formatCount } from '../../../shared/format';
import { AppFailure } from '../../../shared/result';
import type { TaskProgress } from '../../../shared/app/tasks';
import { numberArg, requiredArg } from '../args';
import { dataDirOption, defineCommand } from '../command';
import { withPassword } from '../password-prompt';
import { profileIdFrom } from './capabilities';
import { formatProgressLine, progressPrinter } from './ssb';
import { runDuring } from './load-during';
import { clientTraceLines } from '../../../shared/load/load-client-trace';
import { wrapLines } from '../../../shared/text-wrap';

const USAGE =
  'bplab load --workload point-select|read-only --tables N --rows N --clients 1,2,4,... --seconds S ' +
  '(--sandbox NAME | --profile ID) [--schema sbtest] [--warmup S] [--ceiling S] ' +
  '[--distribution special|uniform|pareto|gaussian] [--range-size N] [--protocol prepared|text] [--threads N] ' +
  '[--engine sysbench|bplab] [--sysbench PATH] [--trace-client] [--json FILE] [--data-dir DIR]\n' +
  '  (--trace-client: one client of each step traced with bpftrace, on a sandbox whose server keeps ' +
  'its symbols, as root; prints its pages read per 1,000 queries against pool size)\n' +
  '  bplab load --during Q1.1,Q2.1,... --ssb-schema S --rows N [--clients C] [--old-blocks-time 0,1000] [--lead S] [--tail S] [--poll auto|MS] ' +
  '(--sandbox NAME | --profile ID) [--json FILE]   (point selects on sbtest1 beside SSB scans, per innodb_old_blocks_time)';

function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(text)) return text as T;
  throw AppFailure.of('INVALID_ARGUMENT', `${flag} must be one of ${allowed.join(', ')}, not "${text}"`);
}

/** "1,2,4,8" → [1, 2, 4, 8]; each a whole number of clients from 1 to 4,096. */
export function clientsArg(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === ''))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--clients takes client counts separated by commas, e.g. 1,4,16, not "${text}"`,
    );
  return parts.map((p) => numberArg('--clients', p, { min: 1, max: 4096, integer: true, unit: 'clients' }));
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** One row per step: clients, QPS, TPS, percentiles, errors, the load client's CPU and the SELECT 1 ceiling. */
export function formatStep(s: LoadStep): string {
  const ceiling = s.ceiling
    ? `  ceiling ${formatCount(s.ceiling.qps)} qps${clientBound(s) ? ' (at the ceiling: the client is the limit, not the server)' : ''}`
    : '';
  const state = s.state === 'complete' ? '' : `  ${s.state.toUpperCase()}: ${s.reason ?? ''}`;
  return (
    `${String(s.clients).padStart(4)} clients  ${formatCount(s.qps).padStart(9)} qps  ${formatCount(s.tps).padStart(9)} tps  ` +
    `${hasLatency(s) ? `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` : 'latency not measured'}  errors ${s.errors}  ` +
    `reconnects ${s.reconnects}  client CPU ${(s.cpu.share * 100).toFixed(0)}% of ${s.cpu.cores} cores${ceiling}${state}`
  );
}

function formatSecond(clients: number, s: LoadSecond): string {
  const p99 = s.latency ? `  p99 ${ms(s.latency.p99)}` : '';
  return `${clients} clients  ${s.warmup ? 'warm-up' : 'second'} ${s.at + 1}  ${formatCount(s.queries)} qps${p99}${s.errors ? `  ${s.errors} errors` : ''}`;
}

/** --engine, --sysbench and --trace-client as the load's driver (LoadService.start's last argument). */
export function driverArgs(values: {
  engine?: string | undefined;
  sysbench?: string | undefined;
  'trace-client'?: boolean | undefined;
}): LoadDriver {
  return {
    ...(values.engine !== undefined ? { engine: oneOf('--engine', values.engine, LOAD_ENGINES) } : {}),
    ...(values.sysbench !== undefined ? { sysbenchPath: resolve(values.sysbench) } : {}),
    ...(values['trace-client'] ? { traceClient: true } : {}),
  };
}

export const loadCommand = defineCommand({
  name: 'load',
  summary: "run sysbench's point-select or read-only load over a sweep of client counts (posts 002, 004)",
  usage: USAGE,
  options: {
    workload: { type: 'string' },
    tables: { type: 'string', default: '1' },
    rows: { type: 'string', default: '10000' },
    clients: { type: 'string' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '0' },
    ceiling: { type: 'string', default: '5' },
    schema: { type: 'string', default: 'sbtest' },
    distribution: { type: 'string', default: 'special' },
    'range-size': { type: 'string', default: '100' },
    protocol: { type: 'string', default: 'prepared' },
    threads: { type: 'string' },
    engine: { type: 'string' },
    sysbench: { type: 'string' },
    'trace-client': { type: 'boolean' },
    json: { type: 'string' },
    profile: { type: 'string' },
    sandbox: { type: 'string' },
    during: { type: 'string' },
    'ssb-schema': { type: 'string' },
    'old-blocks-time': { type: 'string', default: '0,1000' },
    lead: { type: 'string', default: '5' },
    tail: { type: 'string', default: '5' },
    poll: { type: 'string' },
    ...dataDirOption,
  },
  async run({ values }, ctx) {
    const profileId = profileIdFrom(values);
    if (values.during !== undefined)
      return runDuring(
        { ...values, during: values.during },
        profileId,
        ctx,
        ctx.resolveDataDir(values['data-dir']),
      );
    const workload = oneOf<OltpWorkload>(
      '--workload',
      requiredArg('--workload', values.workload, 'point-select or read-only'),
      OLTP_WORKLOADS,
    );
    const spec = {
      schema: values.schema,
      workload,
      tables: numberArg('--tables', values.tables, { min: 1, max: 1024, integer: true, unit: 'tables' }),
      rows: numberArg('--rows', values.rows, {
        min: 1,
        max: 2 ** 31 - 2,
        integer: true,
        unit: 'rows per table',
      }),
      clients: clientsArg(requiredArg('--clients', values.clients, 'the client counts, e.g. 1,4,16,64')),
      seconds: numberArg('--seconds', values.seconds, { min: 0.5, max: 86_400, unit: 'seconds per step' }),
      warmupSeconds: numberArg('--warmup', values.warmup, { min: 0, max: 3600, unit: 'seconds' }),
      ceilingSeconds: numberArg('--ceiling', values.ceiling, {
        min: 0,
        max: 3600,
        unit: 'seconds',
        note: "the SELECT 1 ceiling's time per step; 0 skips it",
      }),
      distribution: oneOf<KeyDistribution>('--distribution', values.distribution, KEY_DISTRIBUTIONS),
      rangeSize: numberArg('--range-size', values['range-size'], {
        min: 1,
        max: 1_000_000,
        integer: true,
        unit: 'rows',
      }),
      protocol: oneOf('--protocol', values.protocol, ['prepared', 'text'] as const),
      ...(values.threads !== undefined
        ? {
            threads: numberArg('--threads', values.threads, {
              min: 1,
              max: 256,
              integer: true,
              unit: 'threads',
            }),
          }
        : {}),
    };
    const driver = driverArgs(values);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const printer = progressPrinter(ctx);
    let taskId: string | null = null;
    const unsubscribe = app.events.subscribe((event, payload) => {
      const p = payload as TaskProgress;
      if (event === 'task/progress' && p.taskId === taskId && !p.done) printer.show(formatProgressLine(p));
    });
    let cancelled = false;
    void ctx.stopRequested.then((signal) => {
      if (taskId === null) return;
      cancelled = true;
      printer.end();
      ctx.err(`bplab: ${signal}: stopping the load, keeping what was measured ...`);
      app.tasks.cancel(taskId);
    });
    let result: LoadResult;
    try {
      result = await withPassword(profileId, async (password) => {
        const started = app.load.start(
          profileId,
          password,
          spec,
          {
            onSecond: (clients, s) => printer.show(formatSecond(clients, s)),
            onStep: (s) => {
              printer.end();
              ctx.out(formatStep(s));
              for (const line of clientTraceLines(s)) ctx.out(wrapLines(line, { hang: 4 }));
            },
          },
          driver,
        );
        taskId = started.taskId;
        return started.result;
      });
    } finally {
      unsubscribe();
      printer.end();
    }
    const t = result.tables;
    if (result.engine) ctx.err(`bplab: ${engineWords(result.engine)}`);
    ctx.err(
      `bplab: tables ${t.prepared.length > 0 ? `prepared ${t.prepared.join(', ')} in ${t.seconds.toFixed(1)} s` : ''}${t.prepared.length > 0 && t.reused.length > 0 ? '; ' : ''}${t.reused.length > 0 ? `reused ${t.reused.join(', ')}` : ''}`,
    );
    if (values.json) {
      writeFileSync(resolve(values.json), `${JSON.stringify(result, null, 2)}\n`);
      ctx.err(`bplab: wrote ${resolve(values.json)}`);
    }
    if (result.state === 'complete') return 0;
    ctx.err(
      `bplab: the load ended ${result.state}; ${result.steps.filter((s) => s.state === 'complete').length} complete step(s) kept`,
    );
    return cancelled || result.state === 'cancelled' ? 130 : 1;
  },
});
