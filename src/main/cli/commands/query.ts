/**
 * `bplab queries` lists the catalogue; `bplab query ID` runs one query with full capture through the
 * same requests the UI sends, prints a summary in the posts' terms (time, rows, checksum, pages read,
 * read-ahead, made young and not young, the LRU composition) and handles Ctrl-C as a cancel: the query
 * is KILLed and what was captured is still saved and printed. --trace-pages traces the server's page
 * requests (refused, in the capability report's words, where the server cannot be traced).
 */
import { observerCostWords } from '../../../shared/runs/observer-cost';
import { TRACE_READING_PHASE } from '../../../shared/runs/page-trace';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TaskProgress } from '../../../shared/app/tasks';
import { AppFailure } from '../../../shared/result';
import { formatSwitch } from '../../../shared/format';
import { PAGES_READ_COUNTER, serverProcessWords } from '../../../shared/runs/read-words';
import type { LruComposition, PollSetting, PoolStats, RunResult } from '../../../shared/runs/runs';
import { describePlan } from '../../../shared/whatif/plan-check';
import { pageTraceOption, slowdownWords } from '../../../shared/trace/traced-runs';
import { traceCheckLines } from '../../../shared/runs/page-trace';
import { wrapLines } from '../../../shared/text-wrap';
import { explainStepsOf, planSourceWords } from '../../../shared/whatif/plan-source';
import { call, dataDirOption, defineCommand } from '../command';
import { withPassword } from '../password-prompt';
import { profileIdFrom } from './capabilities';

const target = { profile: { type: 'string' }, sandbox: { type: 'string' }, ...dataDirOption } as const;

export const queriesCommand = defineCommand({
  name: 'queries',
  summary: 'list the query catalogue: the 13 SSB queries with their variants, and your own',
  usage: 'bplab queries [--json] [--data-dir DIR]',
  options: { json: { type: 'boolean' }, ...dataDirOption },
  async run({ values }, ctx) {
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const queries = await call(app, 'queries/list', {});
    if (values.json) {
      ctx.out(JSON.stringify(queries, null, 2));
      return 0;
    }
    let flight = '';
    for (const q of queries) {
      if (q.flight !== flight) {
        flight = q.flight;
        ctx.out(`${flight}`);
      }
      ctx.out(`  ${q.id.padEnd(8)} ${q.title}`);
      ctx.out(`  ${''.padEnd(8)} variants: ${q.variants.map((v) => v.variant).join(', ')}`);
    }
    return 0;
  },
});

/** --poll: auto, off, or an interval such as 500ms, 2s or 250 (ms). */
export function pollFrom(text: string | undefined): PollSetting {
  if (text === undefined || text === 'auto') return 'auto';
  if (text === 'off') return 'off';
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(text.trim());
  const ms = m ? Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1)) : NaN;
  if (!Number.isFinite(ms) || ms < 50 || ms > 60_000)
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--poll must be auto, off, or an interval from 50ms to 60s (such as 500ms or 2s), not "${text}"`,
    );
  return ms;
}

export const queryCommand = defineCommand({
  name: 'query',
  summary:
    'run one query with full capture (time, rows, checksum, counters, LRU before/after) and save the run',
  usage:
    'bplab query ID [--variant NAME] --schema NAME [--poll auto|off|500ms] [--explain-analyze] [--allow-lru-polling] [--trace-pages] [--json FILE] (--profile ID | --sandbox NAME) [--data-dir DIR]',
  positionals: true,
  options: {
    variant: { type: 'string', default: 'base' },
    schema: { type: 'string' },
    poll: { type: 'string' },
    'explain-analyze': { type: 'boolean', default: false },
    'allow-lru-polling': { type: 'boolean', default: false },
    'trace-pages': { type: 'boolean', default: false },
    json: { type: 'string' },
    ...target,
  },
  async run({ values, positionals }, ctx) {
    const queryId = positionals[0];
    if (!queryId || positionals.length > 1)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        'say which query, once: bplab query Q1.1 (bplab queries lists them)',
      );
    if (!values.schema)
      throw AppFailure.of('INVALID_ARGUMENT', 'say which dataset: --schema NAME (bplab ssb list shows them)');
    const profileId = profileIdFrom(values);
    const spec = {
      queryId,
      variant: values.variant,
      schema: values.schema,
      poll: pollFrom(values.poll),
      explainAnalyze: values['explain-analyze'],
      allowLruPolling: values['allow-lru-polling'],
      ...(values['trace-pages'] ? { tracePages: true } : {}),
    };
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    if (spec.tracePages) {
      // Refused before the run, in the capability report's words, as the screen greys its box out.
      const report = await withPassword(profileId, (password) =>
        call(app, 'connections/capabilities', { profileId, ...(password !== undefined ? { password } : {}) }),
      );
      const option = pageTraceOption(report.capabilities);
      if (!option?.available)
        throw AppFailure.of(
          'FEATURE_MISSING',
          `--trace-pages: this server cannot be traced: ${option?.reason}`,
        );
    }
    const { runId } = await withPassword(profileId, (password) =>
      call(app, 'runs/start', { profileId, ...(password !== undefined ? { password } : {}), spec }),
    );
    ctx.err(`bplab: ${runId}: ${queryId} (${spec.variant}) on ${spec.schema} ...`);
    // The trace's reading is said every half second: a terminal gets a line of it every 5 s.
    let readingSaidAt = 0;
    let said = '';
    const unsubscribe = app.events.subscribe((event, payload) => {
      const p = payload as TaskProgress;
      if (event !== 'task/progress' || p.taskId !== runId || p.done || p.message === said) return;
      if (p.phase === TRACE_READING_PHASE && !p.message.endsWith('saving them')) {
        if (Date.now() - readingSaidAt < 5_000) return;
        readingSaidAt = Date.now();
      }
      said = p.message;
      ctx.err(`bplab: ${p.message}`);
    });
    let over = false;
    void ctx.stopRequested.then((signal) => {
      if (over) return;
      ctx.err(`bplab: ${signal}: cancelling ${runId} (KILL QUERY); what was captured is kept ...`);
      void call(app, 'tasks/cancel', { taskId: runId }).catch(() => app.runs.cancel(runId));
    });
    const run = await (app.runs.finished(runId) ?? Promise.resolve(app.runs.get(runId))).finally(() => {
      over = true;
      unsubscribe();
    });
    if (values.json) writeFileSync(resolve(values.json), `${JSON.stringify(run, null, 2)}\n`);
    ctx.out(formatRunSummary(run));
    return run.state === 'complete' ? 0 : 1;
  },
});

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => `${thousands(bytes / 1024 ** 2)} MiB`;

function delta(run: RunResult, name: string): number | null {
  const s = run.status.find((x) => x.name === name);
  return s ? s.delta : null;
}

function poolDelta(run: RunResult, pick: (p: PoolStats) => number): number | null {
  if (!run.poolStats.after) return null;
  const sum = (pools: PoolStats[]) => pools.reduce((s, p) => s + pick(p), 0);
  return sum(run.poolStats.after) - sum(run.poolStats.before);
}

const shown = (n: number | null) => (n === null ? 'n/a' : thousands(n));

/** The run in the posts' terms. */
export function formatRunSummary(run: RunResult): string {
  const s = run.server;
  const lines = [
    `${run.queryId} (${run.variant}) on ${run.schema}${run.dataset?.sf != null ? ` (SF ${run.dataset.sf})` : ''}: ${run.state}`,
    `server      ${s.flavor} ${s.version}, buffer pool ${mib(s.bufferPoolSizeBytes)} in ${s.bufferPoolInstances} instance(s), innodb_old_blocks_time ${s.oldBlocksTimeMs}, innodb_old_blocks_pct ${s.oldBlocksPct}, innodb_read_ahead_threshold ${s.readAheadThreshold}${s.adaptiveHashIndex === undefined ? '' : `, innodb_adaptive_hash_index ${formatSwitch(s.adaptiveHashIndex)}`}`,
  ];
  if (run.error) lines.push(`            ${run.error}`);
  lines.push(
    `time        ${run.elapsedMs === null ? 'n/a' : `${(run.elapsedMs / 1000).toFixed(3)} s`} (around execution only)`,
    `rows        ${shown(run.rows)}`,
    `checksum    ${run.checksum ?? 'n/a'}`,
    `pages read  ${shown(delta(run, PAGES_READ_COUNTER))} into the pool (${PAGES_READ_COUNTER}), ${shown(delta(run, 'Innodb_buffer_pool_reads'))} not found in the pool (Innodb_buffer_pool_reads), ${shown(delta(run, 'Innodb_buffer_pool_read_requests'))} read requests`,
    `storage     ${serverProcessWords(run, 'read')} read from storage by the server (as the OS counts: what its page cache did not hold)`,
    `read-ahead  ${shown(delta(run, 'Innodb_buffer_pool_read_ahead'))} pages, ${shown(delta(run, 'Innodb_buffer_pool_read_ahead_evicted'))} evicted unused`,
    `made young  ${shown(poolDelta(run, (p) => p.pagesMadeYoung))}, not made young ${shown(poolDelta(run, (p) => p.pagesNotMadeYoung))}`,
    '            (global counters: other sessions count in them too)',
  );
  // The one statement of what watching cost, as the result view says it.
  if (run.observer) lines.push(`watching    ${observerCostWords(run)}`);
  lines.push(`profile     ${run.profile.source}: ${run.profile.note}`);
  const traced = slowdownWords(run);
  if (traced && run.pageTrace)
    lines.push(
      `page trace  ${thousands(run.pageTrace.requests)} page requests in ${thousands(run.pageTrace.records)} records (${run.pageTrace.file})`,
      `            ${traced}`,
      ...traceCheckLines(run.pageTrace).map((l) => wrapLines(`            ${l}`)),
    );
  if (run.explain) {
    lines.push(
      `plan        ${describePlan(explainStepsOf(run.explain.table))}. ${planSourceWords(run.explain)}`,
    );
    if (run.explain.afterRunNote) lines.push(`            ${run.explain.afterRunNote}`);
  }
  if (run.lru.after) lines.push('', 'LRU composition after the run:', formatComposition(run.lru.after));
  else
    lines.push(
      '',
      'No LRU composition (polling INNODB_BUFFER_PAGE_LRU was not allowed, or the server went away).',
    );
  return lines.join('\n');
}

/** The post's composition table: table, index, pages, old, young, records, % of the pool. */
export function formatComposition(c: LruComposition, limit = 20): string {
  const rows = c.indexes
    .slice(0, limit)
    .map((i) => [
      i.table,
      i.index,
      thousands(i.pages),
      thousands(i.oldPages),
      thousands(i.youngPages),
      thousands(i.records),
      (i.poolShare * 100).toFixed(2),
    ]);
  const header = ['table', 'index', 'pages', 'old', 'young', 'records', '% pool'];
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, k) => (k < 2 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  ');
  const more = c.indexes.length > limit ? [`... and ${c.indexes.length - limit} more`] : [];
  return [line(header), ...rows.map(line), ...more].join('\n');
}
