/** The shell: navigation, the link banner, and the current screen. Screens are feature folders. */
import { useEffect } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorMessage } from '../components/ErrorMessage';
import { LinkBanner } from '../components/LinkBanner';
import { CapabilitiesScreen } from '../features/capabilities/components/CapabilitiesScreen';
import { ConnectionsScreen } from '../features/connections/components/ConnectionsScreen';
import { DatasetsScreen } from '../features/datasets/components/DatasetsScreen';
import { QueriesScreen } from '../features/queries/components/QueriesScreen';
import { RunsScreen } from '../features/runs/components/RunsScreen';
import { SandboxesScreen } from '../features/sandboxes/components/SandboxesScreen';
import { followSandboxEvents } from '../features/sandboxes/stores/sandboxes-store';
import { useAppInfo } from '../lib/app-info-store';
import { useLink } from '../lib/link-store';
import { useNavigation, type Screen } from '../lib/navigation';

const SCREENS: Array<{ id: Screen; label: string }> = [
  { id: 'sandboxes', label: 'Sandboxes' },
  { id: 'connections', label: 'Connections' },
  { id: 'capabilities', label: 'Capabilities' },
  { id: 'datasets', label: 'Datasets' },
  { id: 'queries', label: 'Queries' },
  { id: 'runs', label: 'Runs' },
];

export function App() {
  const { screen, go } = useNavigation();
  const { info, error, load } = useAppInfo();
  const linkOpen = useLink((s) => s.state === 'open');

  useEffect(() => followSandboxEvents(), []);
  useEffect(() => {
    if (linkOpen && !info) void load();
  }, [linkOpen, info, load]);

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">bplab</span>
        <nav>
          {SCREENS.map((s) => (
            <button
              type="button"
              key={s.id}
              className={screen === s.id ? 'tab active' : 'tab'}
              data-testid={`nav-${s.id}`}
              onClick={() => go(s.id)}
            >
              {s.label}
            </button>
          ))}
        </nav>
        <span className="muted topbar-info" data-testid="app-info">
          {info ? `v${info.version} · ${info.transport === 'browser' ? 'browser mode' : 'desktop'}` : ''}
        </span>
      </header>
      <LinkBanner />
      <main>
        <ErrorMessage error={error} />
        <ErrorBoundary key={screen}>
          {screen === 'sandboxes' && <SandboxesScreen />}
          {screen === 'connections' && <ConnectionsScreen />}
          {screen === 'capabilities' && <CapabilitiesScreen />}
          {screen === 'datasets' && <DatasetsScreen />}
          {screen === 'queries' && <QueriesScreen />}
          {screen === 'runs' && <RunsScreen />}
        </ErrorBoundary>
      </main>
    </div>
  );
}
