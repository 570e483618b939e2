/** Draws a capability report; all wording and formatting comes from reportView(). */
import type { CapabilityReport } from '../../../../shared/models';
import { reportView } from '../utils/capability-view';
import { TableHead } from '../../../components/TableHead';

export function CapabilityReportView({ report }: { report: CapabilityReport }) {
  const view = reportView(report);
  return (
    <div className="report" data-testid="capability-report">
      <div className="panel">
        <div className="panel-head">
          <h2>{view.title}</h2>
          <span className="muted">{view.summary}</span>
        </div>
        <div className="report-columns">
          <table className="kv">
            <caption>Server</caption>
            <tbody>
              {view.identity.map((row) => (
                <tr key={row.label}>
                  <th>{row.label}</th>
                  <td data-testid={row.testId}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="kv" data-testid="buffer-pool-table">
            <caption>Buffer pool</caption>
            <tbody>
              {view.bufferPool.map((row) => (
                <tr key={row.label}>
                  <th>
                    <code>{row.label}</code>
                  </th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="lru-old">
          Old pages: <strong data-testid="lru-old-method">{view.lruOld.method}</strong>.{' '}
          {view.lruOld.explanation}
        </p>
      </div>
      <div className="panel">
        <h3>Capabilities</h3>
        <table className="grid-table">
          <TableHead columns={['Capability', 'Available', 'What bplab found', 'What it blocks']} />
          <tbody>
            {view.capabilities.map((c) => (
              <tr key={c.id} data-testid="capability-row" data-id={c.id} data-status={c.status}>
                <td>{c.label}</td>
                <td>
                  <span className={`status status-${c.status}`}>{c.statusText}</span>
                </td>
                <td>{c.detail}</td>
                <td>{c.blocks ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="panel">
        <h3>Privileges of {report.currentUser}</h3>
        <table className="grid-table">
          <TableHead columns={['Privilege', 'Status', 'What it blocks when missing']} />
          <tbody>
            {view.privileges.map((p) => (
              <tr key={p.id} data-testid="privilege-row" data-id={p.id} data-present={String(p.present)}>
                <td>{p.label}</td>
                <td>
                  <span className={p.present ? 'status status-yes' : 'status status-no'}>{p.statusText}</span>
                </td>
                <td className={p.present ? 'muted' : undefined}>{p.blocks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
