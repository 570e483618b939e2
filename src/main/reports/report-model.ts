/** Everything one report shows, built once and rendered as HTML, CSV, Markdown or terminal text. */
import {
  lruMapMoments,
  lruPairedBars,
  pagesOverTime,
  type LinesView,
  type LruMapView,
  type PairedBarsView,
} from '../../shared/compare/charts';
import type { ExperimentSource } from '../../shared/compare/experiment-sides';
import { compareSides, type Comparison, type MatchKey } from '../../shared/compare/comparison';
import { type RunSide } from '../../shared/runs/run-side';
import { engineFindings } from '../../shared/compare/engine-findings';
import { findFindings, type Findings } from '../../shared/compare/findings';
import type { FlightTable } from '../../shared/compare/flights';
import {
  flightsTable,
  pairTables,
  planDiffTables,
  queryTimesTable,
  settingsTable,
} from '../../shared/compare/tables';
import { type ReportTable } from '../../shared/compare/report-table';
import { experimentTable, serversTable } from '../../shared/compare/experiment-tables';
import { pairTableId, TABLE_IDS } from '../../shared/compare/anchors';
import {
  coldHotBars,
  coldHotTable,
  crossoverFindings,
  type ColdHotBarsView,
  type ColdHotView,
} from '../../shared/compare/cold-hot';
import { answerTitle, headlines, ratioWords, type SideName } from '../../shared/compare/glance';

/** The sides as they name themselves, when no legend names them A, B... */
const sideNames = (c: Comparison): SideName[] => c.sides.map((s) => ({ letter: s.label, label: s.label }));
import type { ReportWhatIf } from './whatif-section';

export interface ReportOptions {
  title: string;
  /** ISO time the report was made; passed in so the output is a pure function of its input. */
  generatedAt: string;
  bplabVersion: string;
  /** Where the runs came from (file names), shown in the header. */
  sources: string[];
  /** Post 001's table, when the runs come from an experiment with a protocol. */
  flights?: FlightTable;
  /** Post 003's view (each query cold, then hot, per side), when the runs come from an experiment. */
  coldHot?: ColdHotView;
  /** How many differences the summary shows. */
  findingsLimit?: number;
  /** The experiment files the runs came from: their definitions and servers head the report. */
  experiments?: ExperimentSource[];
  /** LRU map moments shown per run (first, last and evenly between); 0 leaves the maps out. */
  mapMoments?: number;
  /** Which runs of two sides are compared (a grouping's match key); absent: query and variant. */
  match?: MatchKey;
  /** What each side's letter stands for, when the sides are named A, B... (glance.letterSides). */
  legend?: SideName[];
  /** The simulator's section, when asked for (reportWhatIf replays the runs). */
  whatIf?: ReportWhatIf;
  /**
   * The experiment's question, when the sides are one of its pairs (question.ts): its heading and its
   * lines stand for the usual headline (the pair's first, the others beside it).
   */
  question?: { title: string; lines: string[] };
}

export interface PairReport {
  id: string;
  title: string;
  sql: { a: string; b: string };
  tables: ReportTable[];
  lruBars: { id: string; view: PairedBarsView };
  /** Pages per index over time, one chart per run that has samples. */
  timelines: Array<{ id: string; view: LinesView }>;
  /** The LRU map at chosen moments of each run that kept map frames. */
  maps: Array<{ id: string; views: LruMapView[] }>;
}

export interface ReportModel {
  options: ReportOptions;
  comparison: Comparison;
  /** The answer's heading: the experiment's question, else "B against A". */
  heading: string;
  /** One line per side against the baseline: its main ratio and what the page counts say. */
  headlines: string[];
  /** A = ..., B = ...: said once, above the findings (empty when the sides keep their own names). */
  legend: SideName[];
  /** How every ratio is read ("Every ratio is B's time over A's."), said once beside the legend. */
  ratios: string;
  /** The EXPLAIN diffs of the pairs whose plans differ: shown first, they explain the rest. */
  planDiffs: ReportTable[];
  /** The answer first: per flight, each query cold and hot per side (none without a protocol). */
  charts: Array<{ id: string; view: ColdHotBarsView }>;
  findings: Findings;
  /** The experiments' definitions and servers, settings, post 001's table when given, time per query. */
  tables: ReportTable[];
  pairs: PairReport[];
}

export function buildReport(sides: RunSide[], options: ReportOptions): ReportModel {
  const comparison = compareSides(sides, options.match);
  const findings = findFindings(
    comparison,
    options.findingsLimit ?? 6,
    undefined,
    options.coldHot ? [...engineFindings(options.coldHot), ...crossoverFindings(options.coldHot)] : [],
  );
  const experiments = options.experiments ?? [];
  const moments = options.mapMoments ?? 3;
  return {
    options,
    comparison,
    heading: options.question?.title ?? answerTitle(options.legend ?? sideNames(comparison)),
    headlines:
      options.question?.lines ??
      headlines(
        comparison,
        options.legend?.map((s) => s.label),
      ),
    legend: options.legend ?? [],
    ratios: ratioWords(options.legend ?? sideNames(comparison)),
    planDiffs: planDiffTables(comparison.pairs),
    charts: options.coldHot
      ? coldHotBars(options.coldHot).map((view, i) => ({ id: `${TABLE_IDS.coldHot}-chart-${i + 1}`, view }))
      : [],
    findings,
    tables: [
      ...experiments.flatMap((x, n) => [
        experimentTable(x, n, experiments.length),
        serversTable(x, n, experiments.length),
      ]),
      settingsTable(comparison),
      ...(options.coldHot ? [coldHotTable(options.coldHot)] : []),
      ...(options.flights ? [flightsTable(options.flights)] : []),
      queryTimesTable(comparison),
    ],
    pairs: comparison.pairs.map((p) => ({
      id: p.id,
      title: p.title,
      sql: { a: p.a.run.sql, b: p.b.run.sql },
      tables: pairTables(p),
      lruBars: { id: pairTableId(p.id, 'lru-chart'), view: lruPairedBars(p) },
      timelines: [p.a, p.b]
        .filter((s) => s.run.samples.compositions.length > 1)
        .map((s, i) => ({
          id: `${pairTableId(p.id, 'lru-chart')}-time-${i === 0 && s === p.a ? 'a' : 'b'}`,
          view: pagesOverTime(
            s.run.samples.compositions,
            `Pages per index during ${s.label}'s run`,
            6,
            s.run.samples.maps.at(-1)?.legend ?? [],
          ),
        })),
      maps: (moments > 0 ? [p.a, p.b] : [])
        .map((s, i) => ({
          id: `${pairTableId(p.id, 'lru-chart')}-map-${i === 0 ? 'a' : 'b'}`,
          views: lruMapMoments(s.run.samples.maps, s.label, moments),
        }))
        .filter((m) => m.views.length > 0),
    })),
  };
}
