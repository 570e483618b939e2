/** The datasets on the connection, with their recorded state and what can be done with each. */
import { Fragment } from 'react';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ListStatusView } from '../../../components/ListStatusView';
import { RowError } from '../../../components/RowError';
import { listStatus } from '../../../lib/list-status';
import { useDatasets } from '../stores/datasets-store';
import { datasetRow } from '../utils/dataset-view';
import { num, TableHead } from '../../../components/TableHead';

export function DatasetList() {
  const {
    datasets,
    profileId,
    listed,
    listError,
    confirmingDrop,
    dropping,
    verify,
    runVerify,
    askDrop,
    drop,
  } = useDatasets();
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Datasets</h2>
        <span className="muted">
          schemas holding the SSB tables and bplab’s record of how they were loaded
        </span>
      </div>
      {!profileId ? (
        <p className="muted" data-testid="datasets-no-connection">
          Pick a connection.
        </p>
      ) : datasets.length === 0 ? (
        <ListStatusView
          status={listStatus(listed, listError, datasets.length)}
          noun="SSB datasets on this server"
          empty="No SSB dataset on this server yet: create one below."
          testId="datasets-empty"
        />
      ) : (
        <table className="grid-table compact" data-testid="dataset-table">
          <TableHead
            columns={['Schema', 'State', 'Source', 'Layout', num('lineorder rows'), 'Finished', '']}
          />
          <tbody>
            {datasets.map((d) => {
              const row = datasetRow(d);
              return (
                <Fragment key={d.schema}>
                  <tr
                    data-testid="dataset-row"
                    data-schema={d.schema}
                    data-state={d.state}
                    className={row.error ? 'has-detail' : undefined}
                  >
                    <td>
                      <strong className="truncate" title={row.schema}>
                        {row.schema}
                      </strong>
                    </td>
                    <td>
                      <span className={`status status-${row.tone}`} data-testid="dataset-state">
                        {row.stateLabel}
                      </span>
                      <div
                        className={`last-verify tone-${row.lastVerifyTone}`}
                        data-testid="dataset-last-verify"
                      >
                        {row.lastVerify}
                      </div>
                    </td>
                    <td>
                      <span className="truncate" title={row.source}>
                        {row.source}
                      </span>
                    </td>
                    <td>{row.layout}</td>
                    <td className="num">{row.lineorderRows}</td>
                    <td className="time" data-testid="dataset-finished" title={`started ${row.started}`}>
                      {row.when}
                    </td>
                    <td className="row-actions">
                      <div className="row-buttons">
                        <button
                          type="button"
                          data-testid="dataset-verify"
                          disabled={!row.canVerify || (verify?.running ?? false)}
                          onClick={() => void runVerify(d.schema)}
                        >
                          {verify?.running && verify.schema === d.schema ? 'Verifying…' : 'Verify'}
                        </button>
                        <ConfirmDanger
                          confirming={confirmingDrop === d.schema}
                          label={dropping === d.schema ? 'Dropping…' : 'Drop'}
                          confirmLabel={`Drop ${d.schema}`}
                          testId="dataset-drop"
                          disabled={!row.canDrop || dropping === d.schema}
                          onAsk={() => askDrop(d.schema)}
                          onConfirm={() => void drop(d.schema)}
                          onKeep={() => askDrop(null)}
                        />
                      </div>
                    </td>
                  </tr>
                  {row.error && (
                    <RowError
                      error={row.error}
                      testId="dataset-row-error"
                      colSpan={7}
                      data={{ schema: d.schema }}
                    />
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
