/**
 * The comparison itself, drawn from its prepared model (no store), the answer first: the headline and
 * which side is A and B, the checksum warning, the plans where they differ, the cold/hot chart, what
 * comes after the answer (the published figures' verdicts), the findings, then what lets the reader
 * choose again (the files and sides), the overview's tables folded, the choice of a pair and the pair
 * in detail.
 */
import type { ReactNode } from 'react';
import type { ComparisonView, PairDetail } from '../utils/compare-view';
import { FindingsList } from './FindingsList';
import { Headline } from './Headline';
import { PairSection } from './PairSection';
import { ReportTableView } from './ReportTableView';
import { SvgChart } from './SvgChart';

export function ComparisonBody({
  view,
  detail,
  onShow,
  onPair,
  afterAnswer,
  beforeDetails,
}: {
  view: ComparisonView;
  detail: PairDetail | null;
  onShow: (tableId: string) => void;
  onPair: (pairId: string) => void;
  /** Below the headline and the charts, above the findings: the published figures' verdicts. */
  afterAnswer?: ReactNode;
  /** Below the findings, above the detail tables: the files and the sides to choose. */
  beforeDetails?: ReactNode;
}) {
  const letters = view.legend.map((s) => s.letter);
  return (
    <>
      <Headline title={view.title} lines={view.headlines} legend={view.legend} ratios={view.ratios} />
      {view.checksumWarnings.length > 0 && (
        <div className="error" role="alert" data-testid="checksum-warning">
          <div className="error-message">
            The result checksums differ for {view.checksumWarnings.map((p) => p.title).join('; ')}: those runs
            returned different rows, so they may not answer the same question.
          </div>
        </div>
      )}
      {view.planDiffs.map((t) => (
        <ReportTableView key={t.id} table={t} open />
      ))}
      {view.charts.map((c) => (
        <section className="panel" key={c.id} data-testid="compare-cold-hot">
          <h2>{c.title}</h2>
          <SvgChart svg={c.svg} name={c.id} testId={c.id} />
        </section>
      ))}
      {afterAnswer}
      <section className="panel" data-testid="compare-findings">
        <h2>Findings</h2>
        <FindingsList findings={view.findings.summary} letters={letters} onShow={onShow} />
        {view.findings.notInSummary > 0 && (
          <p className="muted">
            {view.findings.notInSummary} more in the queries’ own findings (choose a query below).
          </p>
        )}
      </section>
      {beforeDetails}
      <h2 className="compare-details-head">Details</h2>
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
              onChange={(e) => onPair(e.target.value)}
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
          letters={letters}
          onShow={onShow}
        />
      )}
    </>
  );
}
