/**
 * The OLTP load screen: a small form (schema, workload, tables, rows, clients, seconds) that starts
 * bplab load's sweep on the chosen connection, then, while it runs, its QPS and p99 per second beside
 * the pool's live charts (pages per index, old and young, the rates, the LRU map), and each step's row.
 */
import { useEffect, useMemo } from 'react';
import { CancelButton } from '../../../components/CancelButton';
import { CompareButton } from '../../../components/CompareButton';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { LiveCharts } from '../../../components/LiveCharts';
import { LoadSecondsChart } from '../../../components/LoadSecondsChart';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { loadFigures, loadLiveRunId, loadSecondPoints } from '../../../../shared/load/load-live';
import { OLTP_WORKLOADS, hasLatency } from '../../../../shared/load/oltp-load';
import { formatCount } from '../../../../shared/format';
import { useServerSession } from '../../../lib/server-session';
import { followRunSamples } from '../../../lib/live-store';
import { useLoad } from '../stores/load-store';
import { MixedResultPanel } from './MixedResultPanel';
import { loadPoolSample, poolPagesRows } from '../utils/pool-pages';
import { Pairs } from '../../../components/Pairs';
import { useLive } from '../../../lib/live-store';
import { traceControl } from '../../../../shared/trace/traced-runs';
import { AssumptionList } from '../../../components/AssumptionList';
import { clientCurveViews } from '../utils/client-curve';
import { ClientCurveChart } from './ClientCurveChart';
import { CheckField, SelectField, type Choice } from '../../../components/Field';
import type { LoadForm } from '../utils/load-form';
import { num, TableHead } from '../../../components/TableHead';

const FIELDS = [
  ['schema', 'Schema'],
  ['tables', 'Tables'],
  ['rows', 'Rows per table'],
  ['clients', 'Clients (one step each)'],
  ['seconds', 'Seconds per step'],
] as const;

const WORKLOADS = OLTP_WORKLOADS.map((w) => ({ value: w, label: w }));
const ENGINES: Array<Choice<LoadForm['engine']>> = [
  { value: 'auto', label: 'sysbench when installed' },
  { value: 'sysbench', label: 'sysbench' },
  { value: 'bplab', label: "bplab's own" },
];

export function LoadScreen() {
  const load = useLoad();
  const { profileId, loadProfiles } = useServerSession();
  const stats = useLive((s) => s.stats);
  const liveRunId = useLive((s) => s.runId);
  // Only this load's own pool: the live view may still hold an earlier run's samples.
  const pool =
    load.running && load.taskId
      ? loadPoolSample(liveRunId, stats, load.taskId)
      : load.running
        ? null
        : load.pool;
  useEffect(() => followRunSamples(), []);
  useEffect(() => void loadProfiles(), [loadProfiles]);
  const readPageTrace = load.readPageTrace;
  useEffect(() => void readPageTrace(profileId), [readPageTrace, profileId]);
  const points = useMemo(() => loadSecondPoints(load.seconds), [load.seconds]);
  const figures = useMemo(
    () => loadFigures(points, load.steps, load.running),
    [points, load.steps, load.running],
  );
  const curves = useMemo(() => clientCurveViews(load.steps), [load.steps]);
  const trace = traceControl(
    load.pageTrace,
    "every client of each step, followed with bpftrace: their page requests' what-if (the traced step runs slower)",
  );
  const bound = { form: load.form, change: load.edit, disabled: load.running };

  return (
    <div className="report" data-testid="load-screen">
      <div className="panel">
        <div className="panel-head">
          <h2>OLTP load</h2>
          <ProfilePicker testId="load-profile" />
        </div>
        <form
          className="grid"
          onSubmit={(e) => {
            e.preventDefault();
            if (profileId) load.start(profileId);
          }}
        >
          <SelectField
            {...bound}
            name="workload"
            label="Workload"
            testId="load-workload"
            choices={WORKLOADS}
          />
          <SelectField {...bound} name="engine" label="Engine" testId="load-engine" choices={ENGINES} />
          <label className="field">
            <span>sysbench path (empty: on PATH)</span>
            <input
              data-testid="load-sysbench-path"
              value={load.form.sysbenchPath}
              disabled={load.running || load.form.engine === 'bplab'}
              onChange={(e) => load.edit({ sysbenchPath: e.target.value })}
            />
          </label>
          {FIELDS.map(([key, label]) => (
            <label key={key} className="field">
              <span>{label}</span>
              <input
                data-testid={`load-${key}`}
                value={load.form[key]}
                disabled={load.running}
                onChange={(e) => load.edit({ [key]: e.target.value })}
              />
            </label>
          ))}
          <div className="field wide">
            <CheckField
              form={{ ...load.form, traceClient: load.form.traceClient && !trace.disabled }}
              change={load.edit}
              name="traceClient"
              testId="load-trace-client"
              disabled={load.running || trace.disabled}
            >
              Trace the clients
            </CheckField>
            <small className="muted" data-testid="load-trace-client-note">
              {trace.note}
            </small>
          </div>
          <div className="actions wide">
            <button
              type="submit"
              className="primary"
              data-testid="load-start"
              disabled={load.running || !profileId}
            >
              Start
            </button>
            {load.running && (
              <CancelButton
                testId="load-cancel"
                cancelling={load.cancelling}
                onCancel={() => void load.cancel()}
              />
            )}
          </div>
        </form>
        {load.problem && (
          <p className="error" role="alert" data-testid="load-problem">
            {load.problem}
          </p>
        )}
        {load.outcome && (
          <div className="panel-head">
            <p className="muted" data-testid="load-outcome">
              {load.outcome}
              {load.file && (
                <>
                  {' '}
                  Saved in <span data-testid="load-file">{load.file}</span>
                </>
              )}
            </p>
            {load.file && (
              <div className="actions">
                <CompareButton file={load.file} testId="load-compare" />
              </div>
            )}
          </div>
        )}
        <ErrorMessage error={load.error} testId="load-error" />
      </div>
      {/* The steps too when no second came (a 1-second sysbench step whose only report came after it ended). */}
      {(load.running || points.length > 0 || load.steps.length > 0) && (
        <div className="report-columns">
          <div className="panel">
            <h3>Point selects per second</h3>
            <LoadSecondsChart points={points} figures={figures} />
          </div>
          <div className="panel">
            <h3>{load.running ? "This load's pool now" : "This load's pool at its end"}</h3>
            <Pairs rows={poolPagesRows(pool)} />
            {load.steps.length > 0 && (
              <table data-testid="load-steps">
                <TableHead columns={['clients', num('QPS'), num('p99'), 'state']} />
                <tbody>
                  {load.steps.map((s, i) => (
                    <tr key={i}>
                      <td>{s.clients}</td>
                      <td className="num">{formatCount(s.qps)}</td>
                      <td className="num">{hasLatency(s) ? `${s.p99.toFixed(2)} ms` : '—'}</td>
                      <td>{s.state}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
      )}
      {curves.map((c) => (
        <div className="panel" key={c.clients} data-testid={`load-client-curve-${c.clients}`}>
          <h3>One client&apos;s what-if, step of {c.clients} client(s)</h3>
          {'unavailable' in c ? (
            <p className="muted">{c.unavailable}</p>
          ) : (
            <>
              <p data-testid={`load-client-curve-${c.clients}-headline`}>
                <strong>{c.headline}</strong>
              </p>
              <p className="muted">
                {c.traced} {c.check}
              </p>
              <ClientCurveChart
                rows={c.rows}
                ownMib={c.ownMib}
                testId={`load-client-curve-${c.clients}-chart`}
              />
              <AssumptionList items={c.assumptions} />
            </>
          )}
        </div>
      ))}
      {load.taskId && load.running && <LiveCharts runId={loadLiveRunId(load.taskId)} />}
      <MixedResultPanel />
    </div>
  );
}
