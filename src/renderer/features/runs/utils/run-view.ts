/**
 * A run's capture as the result view shows it: every field in words and formatted figures, prepared
 * here so the components only draw.
 */
import type { RunSummary } from '../../../../shared/contract';
import type {
  PoolStats,
  ProfileStage,
  RunResult,
  RunState,
  StageProfile,
  StatusDelta,
} from '../../../../shared/runs/runs';
import {
  flavorLabel,
  formatBytes,
  formatCount,
  formatMs,
  formatShare,
  formatSigned,
  formatSwitch,
} from '../../../../shared/format';
import { hitRatio } from '../../../../shared/compare/cold-hot';
import {
  BYTES_READ_LABEL,
  PAGES_READ_COUNTER,
  PAGES_READ_LABEL,
  serverProcessWords,
} from '../../../../shared/runs/read-words';
import { poolDelta } from '../../../../shared/compare/pool-diff';
import { traceCheckLines } from '../../../../shared/runs/page-trace';
import type { Row } from '../../../lib/live-view';
import type { Tone } from '../../../lib/tone';

export type { Row } from '../../../lib/live-view';

export const STATE: Record<RunState, { label: string; tone: Tone }> = {
  running: { label: 'running', tone: 'busy' },
  complete: { label: 'complete', tone: 'ok' },
  cancelled: { label: 'cancelled', tone: 'bad' },
  failed: { label: 'failed', tone: 'bad' },
  interrupted: { label: 'interrupted', tone: 'bad' },
};

/** "Q1.1 (straight) on ssb_sf1". */
export function runTitle(r: Pick<RunSummary, 'queryId' | 'variant' | 'schema'>): string {
  return `${r.queryId}${r.variant === 'base' ? '' : ` (${r.variant})`} on ${r.schema}`;
}

/** "2026-11-23 05:40:12 UTC". */
export function when(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

export function summaryRow(r: RunSummary) {
  return {
    runId: r.runId,
    title: runTitle(r),
    when: when(r.startedAt),
    stateLabel: STATE[r.state].label,
    tone: STATE[r.state].tone,
    elapsed: r.elapsedMs === null ? '—' : formatMs(r.elapsedMs),
    rows: r.rows === null ? '—' : formatCount(r.rows),
  };
}

/** A run in the list, told apart from the others: where it ran, its pool, what it ran with and for what. */
export interface RunListRow extends ReturnType<typeof summaryRow> {
  /** "MySQL 8.0.31 · 32 MiB pool". */
  where: string;
  /** The settings that differ between the runs listed, each "old_blocks_time 0 ms". */
  settings: string[];
  /** "post001: Sandbox demo · innodb_old_blocks_time=1000, cold", or null for a run of its own. */
  experiment: string | null;
  traced: boolean;
}

/** Each run's row; a setting is named on every row when the runs listed do not all share its value. */
export function runListRows(runs: readonly RunSummary[]): RunListRow[] {
  const differing = new Set<string>();
  const first = new Map<string, string>();
  for (const r of runs)
    for (const s of r.settings ?? []) {
      const seen = first.get(s.name);
      if (seen === undefined) first.set(s.name, s.value);
      else if (seen !== s.value) differing.add(s.name);
    }
  return runs.map((r) => ({
    ...summaryRow(r),
    // No break inside "32 MiB" (a no-break space): the list's column is narrow.
    where: r.server ? `${r.server} · ${formatBytes(r.poolBytes).replace(' ', '\u00a0')} pool` : '',
    settings: (r.settings ?? [])
      .filter((s) => differing.has(s.name))
      .map((s) => `${s.name.replace(/^innodb_/, '')} ${s.value.replace(/ /g, '\u00a0')}`),
    experiment: r.experiment
      ? `${r.experiment.name}: ${r.experiment.configuration}, ${r.experiment.pass}`
      : null,
    traced: r.traced ?? false,
  }));
}

/** The run at a glance, before its tables: how long it took, the pages it read into the pool, the pool's hit ratio. */
export function glanceRows(r: RunResult): Row[] {
  const status = r.status.find((x) => x.name === PAGES_READ_COUNTER && x.scope === 'global')?.delta;
  const pages = status ?? poolDelta(r.poolStats, 'pagesRead');
  const hit = hitRatio(r);
  return [
    { label: 'Time', value: r.elapsedMs === null ? '—' : formatMs(r.elapsedMs), testId: 'run-glance-time' },
    {
      label: PAGES_READ_LABEL,
      value: pages === null || pages === undefined ? '—' : formatCount(pages),
      testId: 'run-glance-pages-read',
    },
    {
      label: r.dataset?.engine === 'MyISAM' ? 'Key cache hit ratio' : 'Buffer pool hit ratio',
      value: hit === null ? '—' : formatShare(hit),
      testId: 'run-glance-hit-ratio',
    },
  ];
}

/**
 * A traced run's check of its trace, in the lines `bplab query --trace-pages` prints ("trace check: …",
 * or "trace incomplete: …", marked so the view can show it as a warning); null for an untraced run.
 */
export function traceCheckView(
  r: Pick<RunResult, 'pageTrace'>,
): { lines: string[]; incomplete: boolean } | null {
  if (!r.pageTrace) return null;
  const lines = traceCheckLines(r.pageTrace);
  return {
    lines:
      lines.length > 0
        ? lines
        : [
            "trace check: none kept (the run was traced before bplab set its trace against the server's count)",
          ],
    incomplete: r.pageTrace.incomplete !== undefined,
  };
}

/** What ran, how it ended, and its answer. */
export function outcomeRows(r: RunResult): Row[] {
  return [
    { label: 'Query', value: runTitle(r), testId: 'run-query' },
    { label: 'State', value: STATE[r.state].label, testId: 'run-state' },
    { label: 'Started', value: when(r.startedAt) },
    {
      label: 'Time (execution only)',
      value: r.elapsedMs === null ? '—' : formatMs(r.elapsedMs),
      testId: 'run-elapsed',
    },
    { label: 'Rows', value: r.rows === null ? '—' : formatCount(r.rows), testId: 'run-rows' },
    { label: 'Checksum', value: r.checksum ?? '—', testId: 'run-checksum' },
    {
      label: 'Dataset',
      value: r.dataset
        ? `${r.dataset.schema}${r.dataset.sf === null ? '' : `, SF ${r.dataset.sf}`}${r.dataset.engine ? `, ${r.dataset.engine}` : ''} (${r.dataset.source})`
        : `${r.schema} (not a bplab dataset)`,
    },
    { label: BYTES_READ_LABEL, value: serverProcessWords(r, 'read'), testId: 'run-read-bytes' },
    { label: 'Server CPU', value: serverProcessWords(r, 'cpu') },
  ];
}

/** INNODB_METRICS counters over the statement (the adaptive hash index's first), with where they came from or why none. */
export function metricsView(r: RunResult): { rows: Row[]; note: string } {
  const m = r.innodbMetrics;
  if (!m) return { rows: [], note: 'Not recorded: a run saved before bplab recorded INNODB_METRICS.' };
  return { rows: m.counters.map((c) => ({ label: c.name, value: formatCount(c.delta) })), note: m.note };
}

/** The server and the settings in force when the run started. */
export function settingsRows(r: RunResult): Row[] {
  const s = r.server;
  return [
    { label: 'Server', value: `${flavorLabel(s.flavor)} ${s.version}`, testId: 'run-server' },
    { label: 'innodb_buffer_pool_size', value: formatBytes(s.bufferPoolSizeBytes), testId: 'run-pool-size' },
    { label: 'innodb_buffer_pool_instances', value: String(s.bufferPoolInstances) },
    { label: 'Page size', value: formatBytes(s.pageSizeBytes) },
    { label: 'innodb_old_blocks_time', value: `${s.oldBlocksTimeMs} ms`, testId: 'run-old-blocks-time' },
    { label: 'innodb_old_blocks_pct', value: `${s.oldBlocksPct}%` },
    { label: 'innodb_read_ahead_threshold', value: String(s.readAheadThreshold) },
    { label: 'innodb_flush_method', value: s.flushMethod || '—' },
    { label: 'innodb_adaptive_hash_index', value: formatSwitch(s.adaptiveHashIndex) },
    {
      label: 'key_buffer_size',
      value: s.keyBufferSizeBytes === undefined ? '—' : formatBytes(s.keyBufferSizeBytes),
    },
  ];
}

export interface StatusRow {
  name: string;
  before: string;
  after: string;
  delta: string;
  scope: string;
  global: boolean;
}

/** Counter deltas; global ones say so (other sessions count in them). Byte counters read as bytes. */
export function statusRows(status: readonly StatusDelta[]): StatusRow[] {
  return status.map((s) => {
    const bytes = /_data_(read|written)$/i.test(s.name);
    const fmt = (n: number) => (bytes ? formatBytes(n) : formatCount(n));
    return {
      name: s.name,
      before: fmt(s.before),
      after: fmt(s.after),
      delta: bytes ? `${s.delta < 0 ? '−' : '+'}${formatBytes(Math.abs(s.delta))}` : formatSigned(s.delta),
      scope: s.scope === 'global' ? 'global (all sessions)' : 'this session',
      global: s.scope === 'global',
    };
  });
}

export const PROFILE_SOURCE: Record<StageProfile['source'], string> = {
  'show-profile': 'SHOW PROFILE ALL',
  'performance-schema': 'performance_schema stages (this run’s thread)',
  none: 'no stage profile',
};

export const PROFILE_COLUMNS: Array<{ key: keyof ProfileStage; label: string }> = [
  { key: 'stage', label: 'Stage' },
  { key: 'durationMs', label: 'Duration' },
  { key: 'cpuUserMs', label: 'CPU user' },
  { key: 'cpuSystemMs', label: 'CPU system' },
  { key: 'contextVoluntary', label: 'Ctx vol.' },
  { key: 'contextInvoluntary', label: 'Ctx invol.' },
  { key: 'blockOpsIn', label: 'Block in' },
  { key: 'blockOpsOut', label: 'Block out' },
  { key: 'pageFaultsMajor', label: 'Faults major' },
  { key: 'pageFaultsMinor', label: 'Faults minor' },
];

export function profileView(p: StageProfile) {
  const ms = (n: number | null) => (n === null ? '—' : formatMs(n));
  const n = (v: number | null) => (v === null ? '—' : formatCount(v));
  const total = p.stages.reduce((t, s) => t + s.durationMs, 0);
  return {
    source: PROFILE_SOURCE[p.source],
    note: p.note,
    total: formatMs(total),
    rows: p.stages.map((s) => ({
      stage: s.stage,
      durationMs: ms(s.durationMs),
      cpuUserMs: ms(s.cpuUserMs),
      cpuSystemMs: ms(s.cpuSystemMs),
      contextVoluntary: n(s.contextVoluntary),
      contextInvoluntary: n(s.contextInvoluntary),
      blockOpsIn: n(s.blockOpsIn),
      blockOpsOut: n(s.blockOpsOut),
      pageFaultsMajor: n(s.pageFaultsMajor),
      pageFaultsMinor: n(s.pageFaultsMinor),
      share: total > 0 ? formatShare(s.durationMs / total) : '—',
    })),
  };
}

export interface PoolStatsTable {
  poolId: number;
  rows: Array<{ column: string; before: string; after: string; delta: string }>;
}

/**
 * INNODB_BUFFER_POOL_STATS before and after, per pool: every column the server reported, side by
 * side, with the change of each numeric one (the post's two columns, with their difference).
 */
export function poolStatsTables(
  before: readonly PoolStats[],
  after: readonly PoolStats[] | null,
): PoolStatsTable[] {
  const afterBy = new Map((after ?? []).map((p) => [p.poolId, p]));
  return before.map((b) => {
    const a = afterBy.get(b.poolId);
    const columns = Object.keys(b.raw).length > 0 ? Object.keys(b.raw) : typedColumns(b);
    const value = (p: PoolStats | undefined, c: string) => (p ? (p.raw[c] ?? typedValue(p, c)) : undefined);
    return {
      poolId: b.poolId,
      rows: columns
        .filter((c) => c.toUpperCase() !== 'POOL_ID')
        .map((column) => {
          const x = value(b, column);
          const y = value(a, column);
          return {
            column,
            before: cell(x),
            after: a ? cell(y) : '—',
            delta: typeof x === 'number' && typeof y === 'number' ? formatSigned(y - x) : '',
          };
        }),
    };
  });
}

function typedColumns(p: PoolStats): string[] {
  return Object.keys(p).filter((k) => k !== 'raw' && k !== 'poolId');
}

function typedValue(p: PoolStats, column: string): number | string | null | undefined {
  const v = (p as unknown as Record<string, unknown>)[column];
  return typeof v === 'number' || typeof v === 'string' ? v : undefined;
}

function cell(v: number | string | null | undefined): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number') return Number.isInteger(v) ? formatCount(v) : String(Number(v.toFixed(3)));
  return v;
}
