/** One query: its variants' SQL (tabs, or side by side), EXPLAIN on the chosen schema, and Run. */
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ExplainView } from '../../../components/ExplainView';
import { previewKey, useQueries } from '../stores/queries-store';
import { RunPanel } from './RunPanel';

export function QueryDetail() {
  const { queries, selectedId, variant, sideBySide, schema, profileId, explain, confirmingDelete } =
    useQueries();
  const { selectVariant, setSideBySide, preview, edit, askDelete, remove } = useQueries();
  const query = queries.find((q) => q.id === selectedId);
  if (!query) return <p className="panel muted">Choose a query.</p>;
  const shown = query.variants.find((v) => v.variant === variant) ?? query.variants[0];
  const current = explain && explain.key === previewKey(query.id, variant, schema) ? explain : null;

  return (
    <div className="report" data-testid="query-detail" data-query={query.id}>
      <div className="panel">
        <div className="panel-head">
          <h2 data-testid="query-title">
            {query.source === 'ssb' ? `${query.id} · ` : ''}
            {query.title}
          </h2>
          <span className="tag">{query.flight}</span>
          {query.source === 'custom' && (
            <div className="actions">
              <button type="button" data-testid="query-edit" onClick={() => edit(query)}>
                Edit
              </button>
              <ConfirmDanger
                confirming={confirmingDelete === query.id}
                label="Delete…"
                confirmLabel="Delete"
                testId="query-delete"
                onAsk={() => askDelete(query.id)}
                onConfirm={() => void remove(query.id)}
                onKeep={() => askDelete(null)}
              />
            </div>
          )}
        </div>
        <div className="variant-tabs">
          {query.variants.map((v) => (
            <button
              type="button"
              key={v.variant}
              className={v.variant === shown?.variant && !sideBySide ? 'tab active' : 'tab'}
              data-testid="query-variant"
              data-variant={v.variant}
              onClick={() => {
                setSideBySide(false);
                selectVariant(v.variant);
              }}
            >
              {v.label}
            </button>
          ))}
          {query.variants.length > 1 && (
            <label className="check inline-check">
              <input
                type="checkbox"
                data-testid="query-side-by-side"
                checked={sideBySide}
                onChange={(e) => setSideBySide(e.target.checked)}
              />
              side by side
            </label>
          )}
        </div>
        {sideBySide ? (
          <div
            className="variants-side"
            style={{ gridTemplateColumns: `repeat(${Math.min(query.variants.length, 3)}, 1fr)` }}
          >
            {query.variants.map((v) => (
              <div key={v.variant}>
                <div className="muted">{v.label}</div>
                <pre className="sql-text">{v.sql}</pre>
              </div>
            ))}
          </div>
        ) : (
          <pre className="sql-text" data-testid="query-sql">
            {shown?.sql}
          </pre>
        )}
      </div>
      <RunPanel />
      <div className="panel" data-testid="query-explain-panel">
        <div className="panel-head">
          <h3>EXPLAIN{schema ? ` on ${schema}` : ''}</h3>
          <div className="actions">
            <button
              type="button"
              data-testid="query-explain"
              disabled={!profileId || !schema || current?.loading === true}
              onClick={() => void preview()}
            >
              {current?.loading ? 'Explaining…' : 'Preview EXPLAIN'}
            </button>
          </div>
        </div>
        {!current && (
          <p className="muted">
            {profileId && schema
              ? 'See the plan of this variant before running it.'
              : 'Choose a connection and a schema above to preview the plan.'}
          </p>
        )}
        <ErrorMessage error={current?.error} testId="query-explain-error" />
        {current?.capture && <ExplainView explain={current.capture} testId="query-explain-result" />}
      </div>
    </div>
  );
}
