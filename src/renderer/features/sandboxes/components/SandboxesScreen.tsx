/** Sandboxes: throwaway servers bplab runs on this machine. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useSandboxes } from '../stores/sandboxes-store';
import { SandboxCreateForm } from './SandboxCreateForm';
import { SandboxList } from './SandboxList';
import { SandboxLogView } from './SandboxLogView';

export function SandboxesScreen() {
  const { load, error, log } = useSandboxes();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="screen" data-testid="sandboxes-screen">
      <ErrorMessage error={error} />
      <SandboxList />
      {log && <SandboxLogView />}
      <SandboxCreateForm />
    </section>
  );
}
