/**
 * The posts' figures beside bplab's, after the comparison's answer: per experiment file its headline
 * (how many of the figures measured reproduced), then each measured figure with the published and
 * measured value, its verdict in words, and under it the counters that explain it and where it was
 * published; the figures not measured fold into one line, each on demand. Draws the prepared view only.
 */
import type { VerdictRow } from '../../../../shared/compare/reference-tables';
import type { PublishedView } from '../utils/published-view';
import { TableHead } from '../../../components/TableHead';

export function PublishedFigures({ views }: { views: PublishedView[] }) {
  if (views.length === 0) return null;
  return (
    <section className="panel compare-published" data-testid="compare-published">
      <h2>Published figures</h2>
      {views.map((v) => (
        <div key={v.file} data-testid="published-file">
          {views.length > 1 && <h3>{v.file}</h3>}
          <p className="headline" data-testid="published-headline">
            {v.headline}
          </p>
          {v.rows.length > 0 && <FiguresTable rows={v.rows} />}
          {v.unmeasured && (
            <details data-testid="published-unmeasured">
              <summary data-testid="published-unmeasured-line">{v.unmeasured.line}</summary>
              <FiguresTable rows={v.unmeasured.rows} />
            </details>
          )}
        </div>
      ))}
    </section>
  );
}

function FiguresTable({ rows }: { rows: VerdictRow[] }) {
  return (
    <div className="table-scroll">
      <table className="grid-table">
        <TableHead columns={['Figure', 'Published', 'Measured', 'Verdict']} />
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.figureId}-${i}`} data-testid="published-figure" data-verdict={r.verdict}>
              <td>
                <div>
                  {r.label}
                  {r.context && <span className="muted"> · {r.context}</span>}
                </div>
                {r.explained.length > 0 && (
                  <ul className="muted" data-testid="published-explained">
                    {r.explained.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
                <div className="muted">
                  {r.source}
                  {r.note && <> — {r.note}</>}
                </div>
              </td>
              <td className="num">{r.published}</td>
              <td className={r.measured.startsWith('not measured') ? '' : 'num'}>{r.measured}</td>
              <td data-testid="published-verdict">
                <span className="tag">{r.words}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
