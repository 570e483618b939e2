/**
 * A comparison's runs through the simulator: each run replayed at its own settings beside what it
 * measured (the calibration), and a side's runs concatenated (a query, a flight, the whole experiment)
 * into miss-ratio curves with the time they would take. Runs of one plan on one dataset are traced once.
 */
import type { RunResult } from '../../shared/runs/runs';
import { queryLabel } from '../../shared/runs/run-side';
import {
  measuredCounters,
  simulatedCounters,
  type Calibration,
  type CalibrationRow,
} from '../../shared/whatif/calibration';
import { concatParts, timeModel, type SideCurves } from '../../shared/whatif/flight';
import { curveRate, missRatioCurves, poolSizes, type CurveVariant } from '../../shared/whatif/mrc';
import { cleanerBatchesOfRuns } from '../../shared/whatif/mysql-cleaner';
import { curveTrust } from '../../shared/whatif/size-accuracy';
import { measuredPagesRead, replaySteps, type ReplayStep } from '../../shared/whatif/replay';
import { runReplay, traceKey, traceRun, type RunReplay, type TracedRun } from './run-trace';
import { tracedRunReplay } from './traced-run';

/** Touches kept traced between requests (16 bytes each): a check then a curve of the same runs trace once. */
const CACHE_TOUCHES = 30_000_000;
/** The most touches one curve concatenates (a whole SF 1 experiment of 13 queries is near 60 million). */
export const MAX_CURVE_TOUCHES = 30_000_000;

type Traced = TracedRun | { error: string };

/** Traces by their key, the oldest dropped beyond CACHE_TOUCHES. */
export class TraceCache {
  private entries = new Map<string, Promise<Traced>>();
  private touches = new Map<string, number>();

  constructor(private readonly limit = CACHE_TOUCHES) {}

  get(run: RunResult): Promise<Traced> {
    const key = traceKey(run);
    const known = this.entries.get(key);
    if (known) return known;
    const traced = traceRun(run).then((t) => {
      this.touches.set(key, 'error' in t ? 0 : t.trace.length);
      this.trim(key);
      return t;
    });
    this.entries.set(key, traced);
    return traced;
  }

  private trim(keep: string): void {
    let total = [...this.touches.values()].reduce((n, t) => n + t, 0);
    for (const [key, n] of this.touches) {
      if (total <= this.limit) break;
      if (key === keep) continue;
      this.entries.delete(key);
      this.touches.delete(key);
      total -= n;
    }
  }
}

export interface SideRun {
  side: string;
  run: RunResult;
}

/** Where a traced run's page trace (the run store's folder) and its server's data files are. */
export interface TraceFiles {
  runsDir: string;
  datadir: string;
  /**
   * The runs on the same pool before it since its server started (runsSinceStart), traced or not,
   * without their samples: its real replay at other sizes replays them first. Absent: none.
   */
  before?: RunResult[];
}

/** Where each traced run's files are, by run id: those runs replay the server's own page trace. */
export type TraceFilesByRun = Readonly<Record<string, TraceFiles>>;

/** A traced run's real replay from its files, after the traced runs before it on its pool. */
export function realReplay(run: RunResult, files: TraceFiles): Promise<RunReplay | { error: string }> {
  return tracedRunReplay(run, files.runsDir, files.datadir, files.before ?? []);
}

async function replayOf(
  run: RunResult,
  cache: TraceCache,
  files?: TraceFiles,
): Promise<RunReplay | { error: string }> {
  if (run.pageTrace && files) return realReplay(run, files);
  return runReplay(run, await cache.get(run));
}

/**
 * Which traces a side's curves replay, in words: its runs' own page traces when every run has one
 * (a real trace and a derived one do not share their pages in one pool), else the derived ones.
 */
export function sideTraceWords(runs: readonly RunResult[], real: boolean): string {
  const traced = runs.filter((r) => r.pageTrace).length;
  if (real) return `replays the server's own page trace of each of its ${runs.length} run(s)`;
  if (traced === 0) return "replays traces derived from its queries' SSB plans (none of its runs was traced)";
  return `replays traces derived from its queries' SSB plans: ${traced} of its ${runs.length} runs were traced, and a side replays real traces only when all of its runs have one here`;
}

const serverName = (run: RunResult) => `${run.server.flavor} ${run.server.version}`;

/** Where a replay says how far it is: the step in words, and the share done (0..1) when known. */
export type ReplayProgress = (message: string, fraction: number | null) => void;

/** Every run replayed at its own settings, beside what it measured; a run that cannot be is named with why. */
export async function calibrateRuns(
  runs: readonly SideRun[],
  cache: TraceCache,
  progress: ReplayProgress = () => {},
  traceFiles: TraceFilesByRun = {},
): Promise<Calibration> {
  const out: Calibration = { rows: [], unavailable: [], assumptions: [] };
  for (const [i, { side, run }] of runs.entries()) {
    progress(`replaying ${queryLabel(run)} on ${side} (run ${i + 1} of ${runs.length})`, i / runs.length);
    const files = traceFiles[run.runId];
    const replay = await replayOf(run, cache, files);
    if ('error' in replay) {
      out.unavailable.push({ side, query: queryLabel(run), why: replay.error });
      continue;
    }
    const { counters } = replaySteps(replay.layout, replay.settings, replay.steps, replay.foreignPages);
    const row: CalibrationRow = {
      side,
      query: queryLabel(run),
      server: serverName(run),
      hot: replay.hot,
      simulated: simulatedCounters(counters[counters.length - 1]!),
      measured: measuredCounters(run),
      ...(run.pageTrace && files ? { realTrace: true } : {}),
      ...(replay.planMismatch ? { planMismatch: replay.planMismatch } : {}),
    };
    out.rows.push(row);
    for (const a of replay.assumptions) if (!out.assumptions.includes(a)) out.assumptions.push(a);
  }
  return out;
}

export interface CurveOptions {
  oldBlocksTimes: number[];
  oldBlocksPcts: number[];
  points: number;
  /** SHARDS sampling rate (a short trace is simulated whole whatever it is). */
  rate?: number;
}

/**
 * The side's runs one after the other on one pool, replayed as the first of them ran (cold, or after a
 * pass of them all when it found its pages in the pool), at pool sizes from 16 MB to the whole data.
 */
export async function sideCurves(
  side: string,
  runs: readonly RunResult[],
  opts: CurveOptions,
  cache: TraceCache,
  progress: ReplayProgress = () => {},
  traceFiles: TraceFilesByRun = {},
): Promise<SideCurves | { unavailable: string }> {
  const replays: RunReplay[] = [];
  const real = runs.length > 0 && runs.every((r) => r.pageTrace && traceFiles[r.runId]);
  for (const [i, run] of runs.entries()) {
    progress(`tracing ${queryLabel(run)} on ${side} (run ${i + 1} of ${runs.length})`, i / (runs.length + 1));
    const r = await replayOf(run, cache, real ? traceFiles[run.runId] : undefined);
    if ('error' in r) return { unavailable: `${queryLabel(run)} on ${side} cannot be replayed: ${r.error}` };
    replays.push(r);
  }
  const first = replays[0];
  const run0 = runs[0];
  if (!first || !run0) return { unavailable: `${side} has no run to replay` };
  const touches = replays.reduce((n, r) => n + r.trace.length, 0);
  if (touches > MAX_CURVE_TOUCHES)
    return {
      unavailable: `${side}'s runs make ${(touches / 1e6).toFixed(1)} million page touches, more than one curve here takes (${MAX_CURVE_TOUCHES / 1e6} million): choose a flight or a query`,
    };
  const { layout, trace } = concatParts(replays);
  const elapsedMs = runs.reduce((n, r) => n + (r.elapsedMs ?? 0), 0);
  const cleanerBatchesMs = cleanerBatchesOfRuns(runs);
  const steps: ReplayStep[] = first.hot
    ? [
        { trace, elapsedMs, cleanerBatchesMs },
        { trace, elapsedMs, gapMs: 1000, cleanerBatchesMs },
      ]
    : [{ trace, elapsedMs, cleanerBatchesMs }];
  const page = run0.server.pageSizeBytes;
  const whole = layout.spaces.reduce((n, s) => n + s.sizePages, 0);
  // As whatIfReport: 16 MB to the whole data and a tenth more (from an eighth of the data when it is smaller).
  const from = Math.max(1, Math.min(Math.round((16 * 1048576) / page), Math.max(64, Math.floor(whole / 8))));
  // The runs' own pool among them: where the curve meets what they measured.
  const own = first.settings.poolPages;
  const sizes = [
    ...new Set([...poolSizes(from, Math.max(from, Math.ceil(whole * 1.1)), opts.points), own]),
  ].sort((a, b) => a - b);
  const variants: CurveVariant[] = opts.oldBlocksTimes.flatMap((t) =>
    opts.oldBlocksPcts.map((p) => ({ oldBlocksTimeMs: t, oldBlocksPct: p })),
  );
  progress(
    `simulating ${side}'s curves: ${variants.length} setting(s) at ${sizes.length} pool sizes`,
    runs.length / (runs.length + 1),
  );
  const replayed = steps.reduce((n, s) => n + s.trace.length, 0);
  const rate = curveRate(replayed, sizes.length * variants.length, opts.rate ?? 0.1);
  const curves = missRatioCurves(layout, first.settings, steps, sizes, variants, rate);
  const traces = `${side} ${sideTraceWords(runs, real)}`;
  const assumptions = [
    traces,
    ...new Set(replays.flatMap((r) => r.assumptions.filter((a) => !a.startsWith('the run found')))),
  ];
  if (runs.length > 1)
    assumptions.push(
      `the ${runs.length} queries run one after the other on one pool, ${first.hot ? 'after one pass of them all' : 'from a cold pool'}, their touches spread evenly over the sum of their measured times`,
    );
  return {
    side,
    queries: runs.map(queryLabel),
    pageSizeBytes: page,
    ownPoolPages: own,
    ownVariant: {
      oldBlocksTimeMs: first.settings.oldBlocksTimeMs,
      oldBlocksPct: first.settings.oldBlocksPct,
    },
    measuredPagesRead: runs.every((r) => measuredPagesRead(r) !== null)
      ? runs.reduce((n, r) => n + (measuredPagesRead(r) ?? 0), 0)
      : null,
    hot: first.hot,
    curves: curves.map((c) => ({ ...c, errorVsFull: null })),
    traces,
    trust: curveTrust(),
    time: timeModel(
      runs.map((r) => ({
        elapsedMs: r.elapsedMs ?? 0,
        pagesRead: measuredPagesRead(r),
        cpuMs: r.serverProcess && 'cpuMs' in r.serverProcess ? r.serverProcess.cpuMs : null,
      })),
    ),
    assumptions,
  };
}
