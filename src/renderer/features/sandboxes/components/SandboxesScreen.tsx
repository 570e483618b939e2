/** Sandboxes: throwaway servers bplab runs on this machine. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useSandboxes } from '../stores/sandboxes-store';
import { SandboxCreateForm } from './SandboxCreateForm';
import { SandboxList } from './SandboxList';
import { SandboxLogView } from './SandboxLogView';
import { useNavigation } from '../../../lib/navigation';
import { startHint } from '../utils/sandbox-view';

export function SandboxesScreen() {
  const { load, error, log, ready } = useSandboxes();
  const go = useNavigation((s) => s.go);
  const hint = startHint(ready);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="screen" data-testid="sandboxes-screen">
      {/* The first screen: where the work starts, in the navigation's order. */}
      <div className="panel start-hint" data-testid="start-hint">
        <p>
          <strong>Where to start:</strong> {hint.text}
        </p>
        {hint.queries && (
          <button
            type="button"
            className="primary"
            data-testid="start-hint-queries"
            onClick={() => go('queries', hint.queries!.profileId)}
          >
            Open Queries on Sandbox {hint.queries.name}
          </button>
        )}
      </div>
      <ErrorMessage error={error} />
      <SandboxList />
      {log && <SandboxLogView />}
      <SandboxCreateForm />
    </section>
  );
}
