/**
 * Comparison and reports: results files opened with no server needed, two or more configurations
 * chosen, the findings first (each linking to its table), then post 001's tables, one query's pair in
 * detail, and the export of the report.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ExportPanel } from './ExportPanel';
import { FindingsList } from './FindingsList';
import { PairSection } from './PairSection';
import { ReportTableView } from './ReportTableView';
import { ResultsFilesPanel } from './ResultsFilesPanel';
import { useCompare } from '../stores/compare-store';
import { comparisonView, pairDetail, pairOfTable } from '../utils/compare-view';

export function CompareScreen() {
  const { files, chosen, pairId, showPair } = useCompare();
  const outcome = useMemo(() => comparisonView(files, chosen), [files, chosen]);
  const view = outcome.ok ? outcome.view : null;
  const detail = useMemo(() => (view ? pairDetail(view, pairId) : null), [view, pairId]);
  const [scrollTo, setScrollTo] = useState<{ id: string } | null>(null);

  const show = useCallback(
    (tableId: string) => {
      const pair = view ? pairOfTable(tableId, view.pairs) : null;
      if (pair) showPair(pair);
      setScrollTo({ id: tableId });
    },
    [view, showPair],
  );
  useEffect(() => {
    if (!scrollTo) return;
    document.getElementById(scrollTo.id)?.scrollIntoView({ block: 'start' });
  }, [scrollTo, detail]);

  return (
    <section className="screen compare-screen" data-testid="compare-screen">
      <ResultsFilesPanel />
      {!outcome.ok && files.length > 0 && (
        <p className="muted panel" data-testid="compare-problem">
          {outcome.problem}
        </p>
      )}
      {view && (
        <>
          <ExportPanel />
          {view.checksumWarnings.length > 0 && (
            <div className="error" role="alert" data-testid="checksum-warning">
              <div className="error-message">
                The result checksums differ for {view.checksumWarnings.map((p) => p.title).join('; ')}: those
                runs returned different rows, so they may not answer the same question.
              </div>
            </div>
          )}
          <section className="panel" data-testid="compare-findings">
            <h2>Findings</h2>
            <FindingsList findings={view.findings.summary} onShow={show} />
            {view.findings.notInSummary > 0 && (
              <p className="muted">
                {view.findings.notInSummary} more in the queries’ own findings (choose a query below).
              </p>
            )}
          </section>
          {view.tables.map((t) => (
            <ReportTableView key={t.id} table={t} />
          ))}
          {detail && (
            <section className="panel" data-testid="compare-pairs">
              <h2>One query in detail</h2>
              <label className="field">
                <span>Query and configuration against the baseline</span>
                <select
                  data-testid="compare-pair-select"
                  value={detail.pair.id}
                  onChange={(e) => showPair(e.target.value)}
                >
                  {view.pairs.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                      {p.findings ? ` (${p.findings} finding${p.findings === 1 ? '' : 's'})` : ''}
                      {p.checksumDiffers ? ' — results differ' : ''}
                    </option>
                  ))}
                </select>
              </label>
            </section>
          )}
          {detail && (
            <PairSection
              detail={detail}
              findings={view.findings.byPair[detail.pair.id] ?? []}
              onShow={show}
            />
          )}
        </>
      )}
    </section>
  );
}
