/** EXPLAIN as a table and as its JSON tree; EXPLAIN ANALYZE / ANALYZE FORMAT=JSON and r_engine_stats when captured. */
import type { ExplainCapture } from '../../shared/runs/runs';
import { explainColumns, explainTableView } from '../lib/explain';
import { formatCount, formatMs } from '../../shared/format';
import { JsonTree } from './JsonTree';
import { TableHead } from './TableHead';

export function ExplainView({
  explain,
  testId = 'explain',
}: {
  explain: ExplainCapture | null;
  testId?: string;
}) {
  if (!explain) return <p className="muted">No EXPLAIN was captured (the run ended before it).</p>;
  const view = explainTableView(explain.table);
  return (
    <div className="explain" data-testid={testId}>
      <table className="grid-table explain-table" data-testid={`${testId}-table`}>
        <TableHead
          columns={[
            ...view.columns,
            view.otherColumns.length > 0 && { label: 'other columns', title: view.otherColumns.join(', ') },
          ]}
        />
        <tbody>
          {view.rows.map((row, i) => (
            <tr key={i}>
              {row.cells.map((text, j) => (
                <td key={view.columns[j]}>{text}</td>
              ))}
              {view.otherColumns.length > 0 && <td className="explain-other">{row.other}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <details className="json-block" data-testid={`${testId}-json`}>
        <summary>FORMAT=JSON{explain.jsonAfterRun && ' (read after the run: the same plan)'}</summary>
        {explain.json === null ? (
          <p className="muted">
            {explain.source === 'during-run'
              ? 'The JSON form could not be read while the statement ran (MariaDB has it from 10.9; the statement may have ended first).'
              : 'This server has no EXPLAIN FORMAT=JSON (MySQL added it in 5.6.5).'}
          </p>
        ) : (
          <JsonTree value={explain.json} />
        )}
      </details>
      {explain.analyze && (
        <details className="json-block" open data-testid={`${testId}-analyze`}>
          <summary>
            {explain.analyze.kind === 'explain-analyze' ? 'EXPLAIN ANALYZE' : 'ANALYZE FORMAT=JSON'} (ran the
            query again, in {formatMs(explain.analyze.durationMs)})
          </summary>
          {explain.analyze.text !== undefined && <pre className="plan">{explain.analyze.text}</pre>}
          {explain.analyze.json !== undefined && <JsonTree value={explain.analyze.json} />}
        </details>
      )}
      {explain.engineStats && explain.engineStats.length > 0 && (
        <table className="grid-table" data-testid={`${testId}-engine-stats`}>
          <caption>
            r_engine_stats per table (ANALYZE): the buffer-pool work of each table of the join
          </caption>
          <TableHead columns={['Table', ...engineStatColumns(explain.engineStats)]} />
          <tbody>
            {explain.engineStats.map((e) => (
              <tr key={e.table}>
                <td>{e.table}</td>
                {engineStatColumns(explain.engineStats!).map((c) => (
                  <td key={c}>{e.stats[c] === undefined ? '—' : formatCount(e.stats[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function engineStatColumns(stats: NonNullable<ExplainCapture['engineStats']>): string[] {
  return explainColumns(stats.map((s) => s.stats));
}
