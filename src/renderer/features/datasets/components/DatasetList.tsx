/** The datasets on the connection, with their recorded state and what can be done with each. */
import { useDatasets } from '../stores/datasets-store';
import { datasetRow } from '../utils/dataset-view';

export function DatasetList() {
  const { datasets, profileId, confirmingDrop, dropping, verify, runVerify, askDrop, drop } = useDatasets();
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Datasets</h2>
        <span className="muted">
          schemas holding the SSB tables and bplab’s record of how they were loaded
        </span>
      </div>
      {datasets.length === 0 ? (
        <p className="muted" data-testid="datasets-empty">
          {profileId ? 'No SSB dataset on this server yet: create one below.' : 'Pick a connection.'}
        </p>
      ) : (
        <table className="grid-table" data-testid="dataset-table">
          <thead>
            <tr>
              <th>Schema</th>
              <th>State</th>
              <th>Source</th>
              <th>Layout</th>
              <th>lineorder rows</th>
              <th>Finished</th>
              <th>Last verify</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {datasets.map((d) => {
              const row = datasetRow(d);
              return (
                <tr key={d.schema} data-testid="dataset-row" data-schema={d.schema} data-state={d.state}>
                  <td>
                    <strong>{row.schema}</strong>
                  </td>
                  <td>
                    <span className={`status status-${row.tone}`} data-testid="dataset-state">
                      {row.stateLabel}
                    </span>
                    {row.error && <div className="error-inline">{row.error}</div>}
                  </td>
                  <td>{row.source}</td>
                  <td>{row.layout}</td>
                  <td>{row.lineorderRows}</td>
                  <td>{row.when}</td>
                  <td>
                    <span className={`status status-${row.lastVerifyTone}`} data-testid="dataset-last-verify">
                      {row.lastVerify}
                    </span>
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      data-testid="dataset-verify"
                      disabled={!row.canVerify || (verify?.running ?? false)}
                      onClick={() => void runVerify(d.schema)}
                    >
                      {verify?.running && verify.schema === d.schema ? 'Verifying…' : 'Verify'}
                    </button>
                    {confirmingDrop === d.schema ? (
                      <>
                        <button
                          type="button"
                          className="danger"
                          data-testid="dataset-drop-confirm"
                          onClick={() => void drop(d.schema)}
                        >
                          Drop {d.schema}
                        </button>
                        <button type="button" data-testid="dataset-drop-cancel" onClick={() => askDrop(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="danger"
                        data-testid="dataset-drop"
                        disabled={!row.canDrop || dropping === d.schema}
                        onClick={() => askDrop(d.schema)}
                      >
                        {dropping === d.schema ? 'Dropping…' : 'Drop'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
