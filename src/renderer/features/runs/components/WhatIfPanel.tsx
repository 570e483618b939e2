/** The "what if" panel of a saved run: replay it through InnoDB's LRU simulated, then its curves for old_blocks_time 0 and 1000. */
import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { WhatIfReport } from '../../../../shared/whatif/what-if';
import { call } from '../../../lib/api';
import { useReplay } from '../../../lib/replay';
import { CancelButton } from '../../../components/CancelButton';
import { whatIfRows } from '../../../lib/viz/what-if';
import { whatIfChart } from '../../../../shared/whatif/curve-view';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Pairs } from '../../../components/Pairs';
import { WhatIfChart } from '../../../components/WhatIfChart';

type PanelState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'report'; report: WhatIfReport }
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
    else if ('unavailable' in r.value)
      setState({ kind: 'unavailable', words: `This run cannot be replayed: ${r.value.unavailable}.` });
    else if ('report' in r.value) setState({ kind: 'report', report: r.value.report });
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
      {state.kind === 'report' && (
        <>
          <Pairs rows={whatIfRows(state.report)} />
          <WhatIfChart model={whatIfChart(state.report)} />
          <p className="muted">Assumptions: {state.report.assumptions.join('; ')}.</p>
        </>
      )}
    </div>
  );
}
