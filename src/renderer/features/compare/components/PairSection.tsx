/**
 * One query's pair in detail: its findings, then every table of post 001 (the EXPLAIN diff first and
 * open when the plans differ), and the LRU as paired bars after the pair's summary.
 */
import { pairTableId } from '../../../../shared/compare/anchors';
import type { Finding } from '../../../../shared/compare/finding';
import { pairedBarsSvg } from '../../../../shared/compare/svg';
import type { PairDetail } from '../utils/compare-view';
import { FindingsList } from './FindingsList';
import { ReportTableView } from './ReportTableView';
import { SvgChart } from './SvgChart';

export function PairSection({
  detail,
  findings,
  letters,
  onShow,
}: {
  detail: PairDetail;
  findings: Finding[];
  letters: string[];
  onShow: (tableId: string) => void;
}) {
  const { pair, tables, bars } = detail;
  const chartId = pairTableId(pair.id, 'lru-chart');
  const [summary, ...rest] = tables;
  const plansFirst = rest[0]?.id.endsWith('-explain') ?? false;
  return (
    <div className="compare-pair" data-testid="compare-pair" data-pair={pair.id}>
      {pair.checksum.same === false && (
        <div className="error" role="alert" data-testid="pair-checksum-warning">
          <div className="error-message">
            {pair.a.label} and {pair.b.label} returned different results (checksum {pair.checksum.a} against{' '}
            {pair.checksum.b}): the runs may not answer the same question.
          </div>
        </div>
      )}
      <section className="panel">
        <h3>Findings for {pair.title}</h3>
        <FindingsList findings={findings} letters={letters} onShow={onShow} testId="pair-findings" />
      </section>
      {summary && <ReportTableView table={summary} open />}
      {plansFirst && rest[0] && <ReportTableView table={rest[0]} open />}
      <section className="panel" id={chartId}>
        <h3>{bars.title}</h3>
        <SvgChart
          svg={pairedBarsSvg(bars, `${chartId}-svg`)}
          name={`${pair.id}-lru`}
          testId="lru-paired-bars"
        />
      </section>
      {rest.slice(plansFirst ? 1 : 0).map((t) => (
        <ReportTableView key={t.id} table={t} />
      ))}
    </div>
  );
}
