/** The builder's queries: each query's variants by flight, to pick. */
import { groupByFlight } from '../../../lib/catalogue';
import { useDocuments } from '../../../lib/documents';
import { useExperiments } from '../stores/experiments-store';
import { isPicked, issueAt, toggleQuery, type BuilderSectionProps } from '../utils/builder-view';

export function BuilderQueries({ definition, issues }: BuilderSectionProps) {
  const edit = useDocuments((s) => s.edit);
  const catalogue = useExperiments((s) => s.catalogue);
  return (
    <div className="panel" data-testid="experiment-queries">
      <h3>Queries and variants</h3>
      {groupByFlight(catalogue).map((g) => (
        <div key={g.flight} className="flight">
          <h4 className="muted">{g.flight}</h4>
          <div className="check-list">
            {g.queries.flatMap((q) =>
              q.variants.map((v) => (
                <label key={`${q.id}/${v.variant}`} className="check" title={v.label}>
                  <input
                    type="checkbox"
                    data-testid="experiment-query"
                    data-query={q.id}
                    data-variant={v.variant}
                    checked={isPicked(definition, q.id, v.variant)}
                    onChange={() => edit(toggleQuery(definition, q.id, v.variant))}
                  />
                  <span className="truncate">
                    {q.source === 'ssb' ? q.id : q.title}
                    {v.variant !== 'base' && <span className="muted"> ({v.variant})</span>}
                  </span>
                </label>
              )),
            )}
          </div>
        </div>
      ))}
      {issueAt(issues, '$.queries') && (
        <small className="field-error" data-testid="field-error" data-field="queries">
          {issueAt(issues, '$.queries')}
        </small>
      )}
    </div>
  );
}
