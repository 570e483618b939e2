/**
 * The OLTP load sweeps of the files compared (posts 002 and 004), answer first: per load step the
 * headline, the findings in words (performance_schema's cost at 1 and 64 clients), the QPS/p99 chart,
 * then post 004's table open. Prepared by shared/compare/load-report, as the HTML report is.
 */
import { useMemo } from 'react';
import { loadGroupsOfExperiment, loadReports } from '../../../../shared/compare/load-report';
import { LoadCurveChart } from '../../../components/LoadCurveChart';
import type { LoadedResults } from '../utils/compare-view';
import { ReportTableView } from './ReportTableView';

export function LoadSweeps({ files }: { files: readonly LoadedResults[] }) {
  const reports = useMemo(
    () =>
      loadReports(
        files.flatMap((f) =>
          loadGroupsOfExperiment(
            f.file.split(/[\\/]/).pop() ?? f.file,
            f.experiment.definition,
            f.experiment.loads ?? [],
          ),
        ),
      ),
    [files],
  );
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
    </>
  );
}
