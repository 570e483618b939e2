/**
 * The report's simulator section, asked for (it replays every run: seconds per query at SF 1): the
 * runs checked against the simulator (finding, tables), each side's curves at the old_blocks_time
 * values the sides ran with, and the assumptions in words, what it models and what it does not.
 */
import type { RunSide } from '../../shared/runs/run-side';
import { calibrationFindings, calibrationTables } from '../../shared/compare/whatif-tables';
import type { ReportTable } from '../../shared/compare/report-table';
import type { Calibration } from '../../shared/whatif/calibration';
import { formatCount, formatMs } from '../../shared/format';
import { mibOf, whatIfChart, type WhatIfChartModel } from '../../shared/whatif/curve-view';
import { curveRuns, estimatedMs, type SideCurves } from '../../shared/whatif/flight';
import type { WhatIfComparison } from '../../shared/whatif/answers';
import { withoutSamples, type ReplayJob } from '../whatif/replay-protocol';

/** How the report has its runs replayed: in the simulator's worker thread (a task in the app). */
export type ReplayComparison = (job: Extract<ReplayJob, { kind: 'compare' }>) => Promise<WhatIfComparison>;

export interface ReportWhatIf {
  findings: string[];
  tables: ReportTable[];
  /** One per side whose runs could be drawn: pages read across pool sizes. */
  charts: Array<{ id: string; title: string; view: WhatIfChartModel; note: string }>;
  /** Sides with no curve, and why, in words. */
  unavailable: string[];
  assumptions: string[];
}

/** What the simulator models and what it leaves out, said the same in every report. */
export const SIMULATOR_MODELS = [
  "it models InnoDB's LRU as the server implements it: midpoint insertion at innodb_old_blocks_pct, the innodb_old_blocks_time window, a young page moved to the head only once it has aged past a quarter of the pool, linear read-ahead at innodb_read_ahead_threshold, and innodb_buffer_pool_instances split by page id",
  "the clock is the measured run's: each run's page touches are spread evenly over its measured time",
  'it does not model the adaptive hash index: the blocks it takes are the share the run left to other things, scaled with the pool (how far the curves hold at other sizes is what bench/whatif-sizes.ts measured: each curve’s trust says it)',
  "MariaDB's page cleaner is modelled as evicting from the tail every 10 ms; MySQL's page cleaner, random read-ahead, and pages other than the queries' (dictionary, undo) are not",
];

function sideCurveNote(s: SideCurves): string {
  const knees = s.curves.flatMap((c) => {
    const knee = c.points.find((p) => p.poolPages === c.kneePoolPages);
    if (!knee) return [];
    const time = s.time ? `, about ${formatMs(estimatedMs(s.time, knee.pagesRead))}` : '';
    return [
      `old_blocks_time ${c.variant.oldBlocksTimeMs}, pct ${c.variant.oldBlocksPct} fits from ${formatCount(mibOf(knee.poolPages, s.pageSizeBytes))} MiB (${formatCount(knee.pagesRead)} pages read${time})`,
    ];
  });
  return `${s.queries.join(', ')} one after the other, ${s.hot ? 'hot (after one pass of them)' : 'cold'}; sampled at ${Math.round((s.curves[0]?.rate ?? 1) * 100)}% of pages as SHARDS does (small tables page by page, large ones by 64-page group).${knees.length ? ` The working set: ${knees.join('; ')}.` : ''}${s.time ? ` Time: ${s.time.how}.` : ''}`;
}

/** The section from what the simulator answered: pure, so the report's words are tested without replaying. */
export function buildWhatIfSection(
  cal: Calibration,
  curves: Array<SideCurves | { side: string; unavailable: string }>,
): ReportWhatIf {
  const untraced = [...new Set(cal.unavailable.map((u) => `${u.query} (${u.why})`))];
  return {
    findings: calibrationFindings(cal),
    tables: calibrationTables(cal),
    charts: curves
      .filter((c): c is SideCurves => !('unavailable' in c))
      .map((c, i) => ({
        id: `whatif-curves-${i + 1}`,
        title: `${c.side}: pages read across pool sizes`,
        view: whatIfChart(c),
        note: sideCurveNote(c),
      })),
    unavailable: curves.flatMap((c) => ('unavailable' in c ? [`${c.unavailable}.`] : [])),
    assumptions: [
      ...SIMULATOR_MODELS,
      ...(untraced.length > 0
        ? [`plans it cannot trace are left out, not approximated: ${untraced.join('; ')}`]
        : []),
      ...cal.assumptions,
    ],
  };
}

/** Every run of the sides checked, then each side's queries as curves at the old_blocks_time values the sides ran with. */
export async function reportWhatIf(
  sides: readonly RunSide[],
  replay: ReplayComparison,
): Promise<ReportWhatIf> {
  const own = (pick: (r: RunSide['runs'][number]) => number) => [
    ...new Set(sides.flatMap((s) => s.runs.map(pick))),
  ];
  const times = own((r) => r.server.oldBlocksTimeMs).slice(0, 4);
  const pcts = own((r) => r.server.oldBlocksPct).slice(0, 4);
  const answer = await replay({
    kind: 'compare',
    check: sides.flatMap((s) => s.runs.map((run) => ({ side: s.label, run: withoutSamples(run) }))),
    curves: {
      sides: sides.map((s) => ({ side: s.label, runs: curveRuns(s, 'all').map(withoutSamples) })),
      options: { oldBlocksTimes: times, oldBlocksPcts: pcts, points: 12 },
    },
  });
  return buildWhatIfSection(
    answer.calibration ?? { rows: [], unavailable: [], assumptions: [] },
    answer.sides,
  );
}
