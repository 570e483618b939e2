/**
 * The "what if" panel of a saved run: replay it through InnoDB's LRU simulated, then its curves for
 * old_blocks_time 0 and 1000; a traced run's also from its own page trace, derived against real.
 */
import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { WhatIfReport } from '../../../../shared/whatif/what-if';
import type { RunWhatIf } from '../../../../shared/whatif/answers';
import { derivedAgainstReal } from '../../../../shared/whatif/derived-real';
import { call } from '../../../lib/api';
import { useReplay } from '../../../lib/replay';
import { CancelButton } from '../../../components/CancelButton';
import { whatIfAnswer, whatIfRows } from '../../../lib/viz/what-if';
import { AssumptionList } from '../../../components/AssumptionList';
import { whatIfChart } from '../../../../shared/whatif/curve-view';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Pairs } from '../../../components/Pairs';
import { WhatIfChart } from '../../../components/WhatIfChart';

type PanelState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'report'; report: WhatIfReport; real?: RunWhatIf['real'] }
  | { kind: 'unavailable'; words: string }
  | { kind: 'error'; error: AppError };

export function WhatIfPanel({ runId }: { runId: string }) {
  const [state, setState] = useState<PanelState>({ kind: 'idle' });
  const replay = useReplay();
  const simulate = async () => {
    setState({ kind: 'busy' });
    const r = await replay.run(() => call('runs/whatif', { runId, oldBlocksTimes: [0, 1000] }));
    // Cancelled too is said: "The replay was cancelled: … nothing was kept."
    if (!r.ok) setState({ kind: 'error', error: r.error });
    else if ('report' in r.value) setState({ kind: 'report', report: r.value.report, real: r.value.real });
    // A traced run whose plan cannot be derived (a custom query) still has its real trace.
    else if ('real' in r.value && r.value.real && 'report' in r.value.real)
      setState({ kind: 'report', report: r.value.real.report });
    else if ('unavailable' in r.value)
      setState({ kind: 'unavailable', words: `This run cannot be replayed: ${r.value.unavailable}.` });
  };
  return (
    <div data-testid="whatif-panel">
      <button type="button" onClick={() => void simulate()} disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? 'Simulating…' : 'Simulate'}
      </button>
      {state.kind === 'busy' && (
        <>
          <CancelButton cancelling={replay.cancelling} onCancel={replay.cancel} testId="whatif-cancel" />
          {replay.progress && <span className="muted"> {replay.progress}</span>}
        </>
      )}
      {state.kind === 'unavailable' && (
        <p className="muted" data-testid="whatif-unavailable">
          {state.words}
        </p>
      )}
      {state.kind === 'error' && <ErrorMessage error={state.error} />}
      {state.kind === 'report' && <WhatIfAnswerView report={state.report} />}
      {state.kind === 'report' && state.real && (
        <DerivedAgainstRealView derived={state.report} real={state.real} />
      )}
    </div>
  );
}

/** The answer in words first, then the figures, the curve and the assumptions on demand. */
function WhatIfAnswerView({ report }: { report: WhatIfReport }) {
  const { answer, floor } = whatIfAnswer(report);
  return (
    <>
      <p className="whatif-answer" data-testid="whatif-answer">
        {answer}
      </p>
      {floor && (
        <p className="muted" data-testid="whatif-floor">
          {floor}
        </p>
      )}
      <Pairs rows={whatIfRows(report)} />
      <WhatIfChart model={whatIfChart(report)} />
      <AssumptionList items={report.assumptions} />
    </>
  );
}

/** A traced run's derived curve against the one from its own page trace, and how far apart they are. */
function DerivedAgainstRealView({
  derived,
  real,
}: {
  derived: WhatIfReport;
  real: NonNullable<RunWhatIf['real']>;
}) {
  if ('unavailable' in real)
    return (
      <p className="muted" data-testid="whatif-real-unavailable">
        The run&apos;s own page trace cannot be replayed: {real.unavailable}.
      </p>
    );
  const view = derivedAgainstReal(derived, real.report);
  return (
    <div data-testid="whatif-derived-real">
      <h4>Derived against real</h4>
      <p className="whatif-answer" data-testid="whatif-derived-real-line">
        {view.line}
      </p>
      <WhatIfChart model={view.chart} />
    </div>
  );
}
