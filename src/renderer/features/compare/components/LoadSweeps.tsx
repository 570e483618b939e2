/**
 * The OLTP loads of the files compared (posts 002 and 004), answer first: per load step the headline,
 * the findings in words (performance_schema's cost at 1 and 64 clients), the QPS/p99 chart, then post
 * 004's table open; `bplab load` results side by side as one comparison; and each `bplab load --during`
 * result with its own sides. Prepared by shared/compare (load-report, mixed-timeline), as the report is.
 */
import { useMemo } from 'react';
import { LoadCurveChart } from '../../../components/LoadCurveChart';
import { MixedResultView } from '../../../components/MixedResultView';
import type { LoadedResults } from '../utils/compare-view';
import { sweepReports, type OpenedLoad } from '../utils/opened-loads';
import { ReportTableView } from './ReportTableView';

export function LoadSweeps({
  files,
  loads,
}: {
  files: readonly LoadedResults[];
  loads: readonly OpenedLoad[];
}) {
  const reports = useMemo(() => sweepReports(files, loads), [files, loads]);
  return (
    <>
      {reports.map((r) => (
        <section className="panel" key={r.id} id={r.id} data-testid="compare-load">
          <h2>{r.chart.title}</h2>
          <p className="headline" data-testid="compare-load-headline">
            {r.headline}
          </p>
          {r.findings.length > 0 && (
            <ul data-testid="compare-load-findings">
              {r.findings.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          <LoadCurveChart view={r.chart} />
          <ReportTableView table={r.table} open />
        </section>
      ))}
      {loads.map((l) =>
        l.kind === 'mixed' ? (
          <section className="panel" key={l.file} data-testid="compare-mixed" data-file={l.file}>
            <h2>Point selects beside SSB scans: {l.file.split(/[\\/]/).pop()}</h2>
            <MixedResultView result={l.result} />
          </section>
        ) : null,
      )}
    </>
  );
}
