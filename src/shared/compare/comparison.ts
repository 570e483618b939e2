/**
 * Runs side by side: the comparison model the comparison screen, the CLI and the HTML/CSV/Markdown
 * reports all read. Pure: RunResults in, typed rows out; nothing here formats for a screen.
 *
 * A side is one configuration (a results file, an experiment's cell) holding one or more runs. The
 * first side is the baseline: every other side is compared against it, per query, and for each query
 * both sides hold, the deep diffs (counters, stages, LRU, pool stats, EXPLAIN) compare one run of each.
 */
import { formatSwitch } from '../format';
import { isTracedRun } from '../runs/page-trace';
import type { RunResult, RunServerSettings } from '../runs/runs';
import { queryLabel, type RunSide } from '../runs/run-side';
import { diffExplain, type ExplainDiff } from './explain-diff';
import { diffLru, type LruRow } from '../runs/lru-diff';
import { diffPoolStats, type PoolStatsRow } from './pool-diff';
import { diffStages, type StageRow } from './stage-diff';
import { diffStatus, type StatusRow } from './status-diff';

export interface SideTime {
  /** Median of the side's complete runs of this query; null when none completed. */
  elapsedMs: number | null;
  runs: number;
  completeRuns: number;
  /** Complete runs the time is the median of: traced runs are not (absent in models built before). */
  timedRuns?: number;
  /** Against the baseline side (side 0): this / baseline, and this − baseline. Null for the baseline. */
  ratio: number | null;
  diffMs: number | null;
}

export interface QueryTimeRow {
  key: string;
  /** "Q1.1", "Q1.1 (straight-dd)"; two single runs of different queries show both: "Q1.1 (straight-lo) / Q1.1 (straight-dd)". */
  label: string;
  queryId: string;
  variant: string;
  /** One per side, in side order; null where the side has no run of this query. */
  times: Array<SideTime | null>;
}

export interface PairSide {
  label: string;
  run: RunResult;
  /** Which of the side's runs of this query this is (1-based), and how many there were. */
  ordinal: number;
  of: number;
}

export interface ChecksumCheck {
  a: string | null;
  b: string | null;
  /** null: at least one side has no checksum, so nothing can be said. */
  same: boolean | null;
}

/** Two runs of the same query (or the two runs given), one from the baseline side and one from another. */
export interface PairComparison {
  /** Unique in the comparison; the prefix of every table id in this pair's section. */
  id: string;
  title: string;
  a: PairSide;
  b: PairSide;
  elapsed: { a: number | null; b: number | null; ratio: number | null; diffMs: number | null };
  checksum: ChecksumCheck;
  rows: { a: number | null; b: number | null };
  status: StatusRow[];
  stages: { source: { a: string; b: string }; rows: StageRow[] };
  lru: LruRow[];
  pool: PoolStatsRow[];
  explain: ExplainDiff;
}

export type SettingKey = keyof RunServerSettings | 'dataset';

export interface SettingsRow {
  key: SettingKey;
  label: string;
  /** One per side: the first run's value; "(mixed)" is added when the side's runs disagree. */
  values: string[];
  mixed: boolean[];
  differs: boolean;
}

export interface Comparison {
  sides: Array<{ label: string; runs: number; completeRuns: number }>;
  settings: SettingsRow[];
  queries: QueryTimeRow[];
  /** Totals over the queries every side ran to completion (so the totals compare like with like). */
  totals: { queries: number; elapsedMs: Array<number | null> };
  pairs: PairComparison[];
  /**
   * Traced runs (their "trace pages" option): no time figure above uses them, since the probes slow a
   * run (traced-runs.ts says it in words); their page counts are still compared.
   */
  tracedLeftOut: number;
}

/**
 * Which runs of two sides are compared: by default "Q1.1/base"; a grouping (grouping.ts) says its own
 * (a variant's runs of Q1.1 against the other variant's). When every side holds exactly one run, the
 * runs are compared whatever they ran.
 */
export type MatchKey = (run: RunResult) => string | undefined;

function matchKey(run: RunResult, singles: boolean, match?: MatchKey): string {
  return singles ? 'single' : (match?.(run) ?? `${run.queryId}/${run.variant}`);
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const completeTime = (r: RunResult): number | null =>
  r.state === 'complete' && r.elapsedMs !== null ? r.elapsedMs : null;

/** A time a comparison may use: a complete run's, never a traced run's (its probes slowed it). */
const timedTime = (r: RunResult): number | null => (isTracedRun(r) ? null : completeTime(r));

/** The run the deep diffs use: the side's last complete run of the query (the warmest), else its last run. */
function representative(runs: RunResult[]): { run: RunResult; ordinal: number } | null {
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i];
    if (run && completeTime(run) !== null) return { run, ordinal: i + 1 };
  }
  const last = runs[runs.length - 1];
  return last ? { run: last, ordinal: runs.length } : null;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'x'
  );
}

const SETTINGS: Array<{ key: SettingKey; label: string; value: (r: RunResult) => string }> = [
  { key: 'version', label: 'server', value: (r) => `${r.server.flavor} ${r.server.version}` },
  {
    key: 'bufferPoolSizeBytes',
    label: 'innodb_buffer_pool_size',
    value: (r) => String(r.server.bufferPoolSizeBytes),
  },
  {
    key: 'bufferPoolInstances',
    label: 'innodb_buffer_pool_instances',
    value: (r) => String(r.server.bufferPoolInstances),
  },
  { key: 'pageSizeBytes', label: 'innodb_page_size', value: (r) => String(r.server.pageSizeBytes) },
  { key: 'oldBlocksTimeMs', label: 'innodb_old_blocks_time', value: (r) => String(r.server.oldBlocksTimeMs) },
  { key: 'oldBlocksPct', label: 'innodb_old_blocks_pct', value: (r) => String(r.server.oldBlocksPct) },
  {
    key: 'readAheadThreshold',
    label: 'innodb_read_ahead_threshold',
    value: (r) => String(r.server.readAheadThreshold),
  },
  { key: 'flushMethod', label: 'innodb_flush_method', value: (r) => r.server.flushMethod },
  {
    key: 'adaptiveHashIndex',
    label: 'innodb_adaptive_hash_index',
    value: (r) => formatSwitch(r.server.adaptiveHashIndex),
  },
  {
    key: 'lruScanDepth',
    label: 'innodb_lru_scan_depth',
    // 5.5 has no page cleaner; older results did not record it.
    value: (r) => (r.server.lruScanDepth === undefined ? '—' : String(r.server.lruScanDepth)),
  },
  {
    key: 'dataset',
    label: 'dataset',
    value: (r) =>
      r.dataset ? `${r.dataset.schema}${r.dataset.sf !== null ? ` (SF ${r.dataset.sf})` : ''}` : r.schema,
  },
];

function settingsRows(sides: RunSide[]): SettingsRow[] {
  return SETTINGS.map(({ key, label, value }) => {
    const values = sides.map((s) => (s.runs[0] ? value(s.runs[0]) : '—'));
    const mixed = sides.map((s) => new Set(s.runs.map(value)).size > 1);
    return { key, label, values, mixed, differs: new Set(values).size > 1 || mixed.some(Boolean) };
  });
}

/**
 * How the pages reached the pool differs between two runs: another innodb_flush_method (O_DIRECT reads
 * from the device, the others through the OS page cache). Then the same pages read say nothing of
 * where the time went. Null when the path is the same (or a run did not record it).
 */
export function readPathDiffers(a: RunResult, b: RunResult): string | null {
  const [x, y] = [a.server.flushMethod, b.server.flushMethod];
  return x && y && x.toLowerCase() !== y.toLowerCase() ? `innodb_flush_method ${x} against ${y}` : null;
}

/** Compares sides of runs. Throws nothing: an empty side or a failed run shows as missing figures. */
export function compareSides(sides: RunSide[], match?: MatchKey): Comparison {
  const singles = sides.length >= 2 && sides.every((s) => s.runs.length === 1);
  const byKey = sides.map((side) => {
    const map = new Map<string, RunResult[]>();
    for (const run of side.runs) {
      const key = matchKey(run, singles, match);
      const list = map.get(key);
      if (list) list.push(run);
      else map.set(key, [run]);
    }
    return map;
  });

  const keys: string[] = [];
  for (const map of byKey) for (const key of map.keys()) if (!keys.includes(key)) keys.push(key);

  const queries: QueryTimeRow[] = keys.map((key) => {
    const first = byKey.map((m) => m.get(key)?.[0]).find(Boolean) as RunResult;
    const times = byKey.map((m): SideTime | null => {
      const runs = m.get(key);
      if (!runs) return null;
      const complete = runs.map(completeTime).filter((t): t is number => t !== null);
      const timed = runs.map(timedTime).filter((t): t is number => t !== null);
      return {
        elapsedMs: median(timed),
        runs: runs.length,
        completeRuns: complete.length,
        timedRuns: timed.length,
        ratio: null,
        diffMs: null,
      };
    });
    const base = times[0]?.elapsedMs ?? null;
    for (const t of times.slice(1)) {
      if (!t || t.elapsedMs === null || base === null) continue;
      t.ratio = base > 0 ? t.elapsedMs / base : null;
      t.diffMs = t.elapsedMs - base;
    }
    const labels = [...new Set(byKey.flatMap((m) => (m.get(key) ?? []).map(queryLabel)))];
    return { key, label: labels.join(' / '), queryId: first.queryId, variant: first.variant, times };
  });

  const everywhere = queries.filter((q) => q.times.every((t) => t?.elapsedMs != null));
  const totals = {
    queries: everywhere.length,
    elapsedMs: sides.map((_, i) =>
      everywhere.length ? everywhere.reduce((sum, q) => sum + (q.times[i]?.elapsedMs ?? 0), 0) : null,
    ),
  };

  const pairs: PairComparison[] = [];
  const baseline = sides[0];
  for (let k = 1; k < sides.length; k++) {
    const other = sides[k];
    if (!baseline || !other) continue;
    for (const key of keys) {
      const aRuns = byKey[0]?.get(key);
      const bRuns = byKey[k]?.get(key);
      if (!aRuns || !bRuns) continue;
      const a = representative(aRuns);
      const b = representative(bRuns);
      if (!a || !b) continue;
      pairs.push(
        comparePair(
          { label: baseline.label, run: a.run, ordinal: a.ordinal, of: aRuns.length },
          { label: other.label, run: b.run, ordinal: b.ordinal, of: bRuns.length },
          `p${pairs.length + 1}-${slug(`${a.run.queryId}-${other.label}`)}`,
        ),
      );
    }
  }

  return {
    sides: sides.map((s) => ({
      label: s.label,
      runs: s.runs.length,
      completeRuns: s.runs.filter((r) => completeTime(r) !== null).length,
    })),
    settings: settingsRows(sides),
    queries,
    totals,
    pairs,
    tracedLeftOut: sides.reduce((n, s) => n + s.runs.filter(isTracedRun).length, 0),
  };
}

/** The deep diffs of two runs. */
export function comparePair(a: PairSide, b: PairSide, id: string): PairComparison {
  const ta = timedTime(a.run);
  const tb = timedTime(b.run);
  const qa = queryLabel(a.run);
  const qb = queryLabel(b.run);
  return {
    id,
    title: qa === qb ? `${qa}: ${a.label} against ${b.label}` : `${a.label} ${qa} against ${b.label} ${qb}`,
    a,
    b,
    elapsed: {
      a: ta,
      b: tb,
      ratio: ta !== null && tb !== null && ta > 0 ? tb / ta : null,
      diffMs: ta !== null && tb !== null ? tb - ta : null,
    },
    checksum: {
      a: a.run.checksum,
      b: b.run.checksum,
      same: a.run.checksum === null || b.run.checksum === null ? null : a.run.checksum === b.run.checksum,
    },
    rows: { a: a.run.rows, b: b.run.rows },
    status: diffStatus(a.run.status, b.run.status),
    stages: {
      source: { a: a.run.profile.source, b: b.run.profile.source },
      rows: diffStages(a.run.profile.stages, b.run.profile.stages),
    },
    lru: diffLru(a.run.lru.after, b.run.lru.after),
    pool: diffPoolStats(a.run.poolStats, b.run.poolStats),
    explain: diffExplain(a.run.explain, b.run.explain),
  };
}
