/** The sandboxes with their status and what can be done with each. */
import { Fragment } from 'react';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { ListStatusView } from '../../../components/ListStatusView';
import { RowError } from '../../../components/RowError';
import { listStatus } from '../../../lib/list-status';
import { useNavigation } from '../../../lib/navigation';
import { useSandboxes } from '../stores/sandboxes-store';
import { sandboxRow } from '../utils/sandbox-view';
import { CancelButton } from '../../../components/CancelButton';
import { num, TableHead } from '../../../components/TableHead';

export function SandboxList() {
  const {
    sandboxes,
    listed,
    listError,
    busy,
    cancelling,
    phase,
    confirmingDelete,
    act,
    cancelStart,
    askDelete,
    remove,
    showLog,
  } = useSandboxes();
  const go = useNavigation((s) => s.go);
  return (
    <div className="panel">
      <div className="panel-head">
        <h2>Sandboxes</h2>
        <span className="muted">
          servers bplab runs on this machine, each with its own data folder and port
        </span>
      </div>
      {(listError || sandboxes.length === 0) && (
        <ListStatusView
          status={listStatus(listed, listError, sandboxes.length)}
          noun="sandboxes"
          empty="No sandboxes yet: create one below."
          testId="sandboxes-empty"
        />
      )}
      {sandboxes.length > 0 && (
        <table className="grid-table" data-testid="sandbox-table">
          <TableHead
            columns={['Name', 'Server', 'Listens on', 'Status', num('Buffer pool'), 'On quit', '']}
          />
          <tbody>
            {sandboxes.map((s) => {
              const row = sandboxRow(s);
              const working = busy[s.id];
              return (
                <Fragment key={s.id}>
                  <tr
                    data-testid="sandbox-row"
                    data-name={s.name}
                    data-status={s.status}
                    className={row.lastError ? 'has-detail' : undefined}
                  >
                    <td className="cell-name">
                      <strong className="truncate" title={row.name}>
                        {row.name}
                      </strong>
                    </td>
                    <td>{row.server}</td>
                    <td data-testid="sandbox-listens-on">{row.listensOn}</td>
                    <td>
                      <span
                        className={`status status-${row.tone}`}
                        data-testid="sandbox-status"
                        title={phase[s.id]}
                      >
                        {working ? `${working}…` : row.statusLabel}
                      </span>
                    </td>
                    <td className="num">{row.bufferPool}</td>
                    <td>{row.keepRunning ? 'keeps running' : 'stops'}</td>
                    <td className="row-actions">
                      <div className="row-buttons">
                        <button
                          type="button"
                          data-testid="sandbox-start"
                          disabled={!row.canStart || !!working}
                          onClick={() => void act(s.id, 'start')}
                        >
                          Start
                        </button>
                        {working === 'start' && (
                          <CancelButton
                            testId="sandbox-cancel-start"
                            label="Cancel start"
                            danger={false}
                            cancelling={cancelling[s.id] === true}
                            onCancel={() => cancelStart(s.id)}
                          />
                        )}
                        <button
                          type="button"
                          data-testid="sandbox-stop"
                          disabled={!row.canStop || !!working}
                          onClick={() => void act(s.id, 'stop')}
                        >
                          Stop
                        </button>
                        <button
                          type="button"
                          data-testid="sandbox-restart"
                          disabled={!row.canRestart || !!working}
                          onClick={() => void act(s.id, 'restart')}
                        >
                          Restart
                        </button>
                        <button type="button" data-testid="sandbox-log" onClick={() => void showLog(s.id)}>
                          Log
                        </button>
                        <button
                          type="button"
                          data-testid="sandbox-open-connection"
                          onClick={() => go('connections', s.profileId)}
                        >
                          Open connection
                        </button>
                        <button
                          type="button"
                          data-testid="sandbox-capabilities"
                          disabled={!row.canConnect}
                          onClick={() => go('capabilities', s.profileId)}
                        >
                          Capabilities
                        </button>
                        <button
                          type="button"
                          data-testid="sandbox-datasets"
                          disabled={!row.canConnect}
                          onClick={() => go('datasets', s.profileId)}
                        >
                          Datasets
                        </button>
                        <ConfirmDanger
                          confirming={confirmingDelete === s.id}
                          label="Delete"
                          confirmLabel="Delete its data too"
                          testId="sandbox-delete"
                          disabled={!row.canDelete || !!working}
                          title={row.canDelete ? 'delete the sandbox and its data folder' : 'stop it first'}
                          onAsk={() => askDelete(s.id)}
                          onConfirm={() => void remove(s.id)}
                          onKeep={() => askDelete(null)}
                        />
                      </div>
                    </td>
                  </tr>
                  {row.lastError && (
                    <RowError
                      error={row.lastError}
                      testId="sandbox-row-error"
                      colSpan={7}
                      data={{ name: s.name }}
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
