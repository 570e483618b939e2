/** Everything one report shows, built once and rendered as HTML, CSV, Markdown or terminal text. */
import {
  lruPairedBars,
  pagesOverTime,
  type LinesView,
  type PairedBarsView,
} from '../../shared/compare/charts';
import { compareSides, type Comparison, type RunSide } from '../../shared/compare/comparison';
import { findFindings, type Findings } from '../../shared/compare/findings';
import type { FlightTable } from '../../shared/compare/flights';
import {
  flightsTable,
  pairTables,
  queryTimesTable,
  settingsTable,
  type ReportTable,
} from '../../shared/compare/tables';
import { pairTableId } from '../../shared/compare/anchors';

export interface ReportOptions {
  title: string;
  /** ISO time the report was made; passed in so the output is a pure function of its input. */
  generatedAt: string;
  bplabVersion: string;
  /** Where the runs came from (file names), shown in the header. */
  sources: string[];
  /** Post 001's table, when the runs come from an experiment with a protocol. */
  flights?: FlightTable;
  /** How many differences the summary shows. */
  findingsLimit?: number;
}

export interface PairReport {
  id: string;
  title: string;
  sql: { a: string; b: string };
  tables: ReportTable[];
  lruBars: { id: string; view: PairedBarsView };
  /** Pages per index over time, one chart per run that has samples. */
  timelines: Array<{ id: string; view: LinesView }>;
}

export interface ReportModel {
  options: ReportOptions;
  comparison: Comparison;
  findings: Findings;
  /** Settings, then post 001's table when given, then time per query. */
  tables: ReportTable[];
  pairs: PairReport[];
}

export function buildReport(sides: RunSide[], options: ReportOptions): ReportModel {
  const comparison = compareSides(sides);
  const findings = findFindings(comparison, options.findingsLimit ?? 6);
  return {
    options,
    comparison,
    findings,
    tables: [
      settingsTable(comparison),
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
          view: pagesOverTime(s.run.samples.compositions, `Pages per index during ${s.label}'s run`),
        })),
    })),
  };
}
