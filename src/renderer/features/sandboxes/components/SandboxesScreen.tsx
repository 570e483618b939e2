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
      {/* The first screen: where the work starts, in the navigation's order. */}
      <p className="panel start-hint" data-testid="start-hint">
        <strong>Where to start:</strong> create a sandbox below (a private server from an installed mysqld or
        mariadbd), or add a connection to a server you have under Connections. Then Datasets loads SSB data,
        Queries runs one query with the buffer pool watched, and Experiments compares settings.
      </p>
      <ErrorMessage error={error} />
      <SandboxList />
      {log && <SandboxLogView />}
      <SandboxCreateForm />
    </section>
  );
}
