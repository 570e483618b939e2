/**
 * The comparison's simulator, asked on demand (opening a comparison replays nothing): the runs checked
 * against the simulator (a finding in words, the folded tables), then what-if curves per side for the
 * old-blocks settings picked, over a query, a flight or every query of the sides.
 */
import { useMemo, useState } from 'react';
import type { RunSide } from '../../../../shared/runs/run-side';
import { calibrationFindings, calibrationTables } from '../../../../shared/compare/whatif-tables';
import { OLD_BLOCKS_PCT_RANGE, OLD_BLOCKS_TIME_RANGE } from '../../../../shared/server/lru-settings';
import type { WhatIfComparison } from '../../../../shared/whatif/answers';
import type { AppError } from '../../../../shared/result';
import type { Calibration } from '../../../../shared/whatif/calibration';
import { call } from '../../../lib/api';
import { useReplay, type Replay } from '../../../lib/replay';
import { CancelButton } from '../../../components/CancelButton';
import { sideCurveRows, uniqueAssumptions } from '../../../lib/viz/what-if';
import { AssumptionList } from '../../../components/AssumptionList';
import { whatIfChart } from '../../../../shared/whatif/curve-view';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Pairs } from '../../../components/Pairs';
import { WhatIfChart } from '../../../components/WhatIfChart';
import type { LoadedResults } from '../utils/compare-view';
import { parseSettingList, runRefs, whatIfScopes } from '../utils/whatif-view';
import { curveRuns } from '../../../../shared/whatif/flight';
import { ReportTableView } from './ReportTableView';

type Asked<T> =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; value: T }
  | { kind: 'problem'; words: string }
  | { kind: 'error'; error: AppError };

type CurveSides = WhatIfComparison['sides'];

/** While a replay runs: its Cancel and what it is doing. */
function Running({ replay, testId }: { replay: Replay; testId: string }) {
  return (
    <>
      <CancelButton cancelling={replay.cancelling} onCancel={replay.cancel} testId={testId} />
      {replay.progress && <span className="muted"> {replay.progress}</span>}
    </>
  );
}

function Outcome<T>({ state, children }: { state: Asked<T>; children: (v: T) => React.ReactNode }) {
  if (state.kind === 'problem')
    return (
      <p className="muted" data-testid="whatif-problem">
        {state.words}
      </p>
    );
  if (state.kind === 'error') return <ErrorMessage error={state.error} />;
  return state.kind === 'done' ? <>{children(state.value)}</> : null;
}

export function WhatIfSection({ sides, files }: { sides: RunSide[]; files: LoadedResults[] }) {
  const [check, setCheck] = useState<Asked<Calibration>>({ kind: 'idle' });
  const [curves, setCurves] = useState<Asked<CurveSides>>({ kind: 'idle' });
  const scopes = useMemo(() => whatIfScopes(sides), [sides]);
  const [scope, setScope] = useState('all');
  const [times, setTimes] = useState('0, 1000');
  const [pcts, setPcts] = useState(String(sides[0]?.runs[0]?.server.oldBlocksPct ?? 37));
  const [inTime, setInTime] = useState(false);
  const checking = useReplay();
  const simulating = useReplay();

  const runCheck = async () => {
    const refs = runRefs(sides, files);
    if (!refs.ok) return setCheck({ kind: 'problem', words: refs.problem });
    setCheck({ kind: 'busy' });
    const r = await checking.run(() => call('runs/whatif-compare', { sides: refs.sides }));
    if (!r.ok) setCheck({ kind: 'error', error: r.error });
    else if ('calibration' in r.value && r.value.calibration)
      setCheck({ kind: 'done', value: r.value.calibration });
  };
  const drawCurves = async () => {
    const t = parseSettingList(
      times,
      'innodb_old_blocks_time',
      OLD_BLOCKS_TIME_RANGE.min,
      OLD_BLOCKS_TIME_RANGE.max,
    );
    const p = parseSettingList(
      pcts,
      'innodb_old_blocks_pct',
      OLD_BLOCKS_PCT_RANGE.min,
      OLD_BLOCKS_PCT_RANGE.max,
    );
    if (!t.ok || !p.ok)
      return setCurves({ kind: 'problem', words: t.ok ? (p.ok ? '' : p.problem) : t.problem });
    const refs = runRefs(sides, files, (s) => curveRuns(s, scope));
    if (!refs.ok) return setCurves({ kind: 'problem', words: refs.problem });
    setCurves({ kind: 'busy' });
    const r = await simulating.run(() =>
      call('runs/whatif-compare', {
        sides: refs.sides,
        curves: { oldBlocksTimes: t.values, oldBlocksPcts: p.values, points: 12 },
      }),
    );
    if (!r.ok) setCurves({ kind: 'error', error: r.error });
    else if ('sides' in r.value) setCurves({ kind: 'done', value: r.value.sides });
  };

  return (
    <section className="panel" data-testid="compare-whatif">
      <h2>The simulator</h2>
      <p className="muted">
        The runs replayed through InnoDB&apos;s LRU simulated from their plans and data, at their own settings
        and at others. Nothing is replayed until asked: a query at SF 1 takes seconds.
      </p>
      <button
        type="button"
        data-testid="whatif-check"
        onClick={() => void runCheck()}
        disabled={check.kind === 'busy'}
      >
        {check.kind === 'busy' ? 'Replaying every run…' : 'Check against the simulator'}
      </button>
      {check.kind === 'busy' && <Running replay={checking} testId="whatif-check-cancel" />}
      <Outcome state={check}>
        {(cal) => (
          <>
            <ul data-testid="whatif-findings">
              {calibrationFindings(cal).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {calibrationTables(cal).map((t) => (
              <ReportTableView key={t.id} table={t} />
            ))}
            {cal.unavailable.length > 0 && (
              <ul className="muted" data-testid="whatif-unavailable">
                {cal.unavailable.map((u, i) => (
                  <li key={i}>
                    {u.query} on {u.side}: {u.why}
                  </li>
                ))}
              </ul>
            )}
            <AssumptionList items={cal.assumptions} testId="whatif-calibration-assumptions" />
          </>
        )}
      </Outcome>
      <h3>What if</h3>
      <div className="toolbar">
        <label className="field">
          <span>Queries</span>
          <select data-testid="whatif-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
            {scopes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>innodb_old_blocks_time (ms)</span>
          <input data-testid="whatif-times" value={times} onChange={(e) => setTimes(e.target.value)} />
        </label>
        <label className="field">
          <span>innodb_old_blocks_pct</span>
          <input data-testid="whatif-pcts" value={pcts} onChange={(e) => setPcts(e.target.value)} />
        </label>
        <label className="field">
          <span>
            <input type="checkbox" checked={inTime} onChange={(e) => setInTime(e.target.checked)} /> estimated
            time instead of pages read
          </span>
        </label>
      </div>
      <button
        type="button"
        data-testid="whatif-curves"
        onClick={() => void drawCurves()}
        disabled={curves.kind === 'busy'}
      >
        {curves.kind === 'busy' ? 'Simulating…' : 'Draw the curves'}
      </button>
      {curves.kind === 'busy' && <Running replay={simulating} testId="whatif-curves-cancel" />}
      <Outcome state={curves}>
        {(list) => (
          <>
            {list.map((s) =>
              'unavailable' in s ? (
                <p key={s.side} className="muted" data-testid="whatif-problem">
                  {s.unavailable}.
                </p>
              ) : (
                <div key={s.side} data-testid="whatif-side">
                  <h4>{s.side}</h4>
                  <Pairs rows={sideCurveRows(s)} />
                  <WhatIfChart model={whatIfChart(s, inTime ? s.time : null)} />
                </div>
              ),
            )}
            <AssumptionList
              items={uniqueAssumptions(list.flatMap((s) => ('unavailable' in s ? [] : [s.assumptions])))}
            />
          </>
        )}
      </Outcome>
    </section>
  );
}
