/**
 * The posts' figures beside bplab's, answer first: per experiment file its headline (how many figures
 * reproduced), then each figure with the published and measured value, its verdict in words, and under
 * it the counters that explain it and where it was published. Draws the prepared view only.
 */
import type { PublishedView } from '../utils/published-view';

export function PublishedFigures({ views }: { views: PublishedView[] }) {
  if (views.length === 0) return null;
  return (
    <section className="panel compare-headline" data-testid="compare-published">
      <h2>Published figures</h2>
      {views.map((v) => (
        <div key={v.file} data-testid="published-file">
          {views.length > 1 && <h3>{v.file}</h3>}
          <p className="headline" data-testid="published-headline">
            {v.headline}
          </p>
          <table className="grid-table">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">Published</th>
                <th scope="col">Measured</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {v.rows.map((r, i) => (
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
      ))}
    </section>
  );
}
