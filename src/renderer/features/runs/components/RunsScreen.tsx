/** Runs: the saved ones, and the one opened: live while it runs, then its result. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ListAndDetail } from '../../../components/ListAndDetail';
import { useNavigation } from '../../../lib/navigation';
import { followRunSamples } from '../../../lib/live-store';
import { followRunProgress, useRuns } from '../stores/runs-store';
import { LiveRunView } from './LiveRunView';
import { RunList } from './RunList';
import { RunResultView } from './RunResultView';

export function RunsScreen() {
  const { error, open, refresh, openRun } = useRuns();
  const { itemId, visit } = useNavigation();

  useEffect(() => {
    const offSamples = followRunSamples();
    const offProgress = followRunProgress();
    return () => {
      offSamples();
      offProgress();
    };
  }, []);
  useEffect(() => {
    void refresh();
    if (itemId) void openRun(itemId);
  }, [refresh, openRun, itemId, visit]);

  return (
    <ListAndDetail list={<RunList />} listClassName="runs-list-column" testId="runs-screen">
      <ErrorMessage error={error} testId="runs-error" />
      {!open && <p className="muted panel">Open a saved run, or start one from the Queries screen.</p>}
      {open?.mode === 'live' && <LiveRunView />}
      {open?.mode === 'result' && open.loading && <p className="muted panel">Loading the run…</p>}
      {open?.mode === 'result' && <ErrorMessage error={open.error} testId="run-open-error" />}
      {open?.mode === 'result' && open.result && <RunResultView result={open.result} />}
    </ListAndDetail>
  );
}
