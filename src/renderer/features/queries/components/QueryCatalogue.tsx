/** The catalogue grouped by flight, and "New query" for the user's own. */
import { useQueries } from '../stores/queries-store';
import { groupByFlight } from '../utils/query-view';

export function QueryCatalogue() {
  const { queries, selectedId, loading, select, edit } = useQueries();
  return (
    <div className="panel" data-testid="query-catalogue">
      <div className="panel-head">
        <h2>Queries</h2>
        <div className="actions">
          <button type="button" data-testid="query-new" onClick={() => edit(null)}>
            New query
          </button>
        </div>
      </div>
      {loading && queries.length === 0 && <p className="muted">Loading the catalogue…</p>}
      {groupByFlight(queries).map((g) => (
        <div key={g.flight} className="flight" data-testid="query-flight" data-flight={g.flight}>
          <h3 className="muted">{g.flight}</h3>
          <ul className="list">
            {g.queries.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  className={q.id === selectedId ? 'list-item selected' : 'list-item'}
                  data-testid="query-item"
                  data-query={q.id}
                  onClick={() => select(q.id)}
                >
                  <span className="list-title">
                    {q.source === 'ssb' ? q.id : q.title}
                    {q.variants.length > 1 && <span className="tag">{q.variants.length} variants</span>}
                  </span>
                  {q.source === 'ssb' && <span className="muted">{q.title}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
