/** The shell: navigation by step of the work, the link banner, the password prompt, and the current screen. */
import { useEffect } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorMessage } from '../components/ErrorMessage';
import { LinkBanner } from '../components/LinkBanner';
import { PasswordPrompt } from '../components/PasswordPrompt';
import { UnsavedChangesPrompt } from '../components/UnsavedChangesPrompt';
import { useAppInfo } from '../lib/app-info-store';
import { useLink } from '../lib/link-store';
import { followCommands } from '../lib/commands';
import { useNavigation } from '../lib/navigation';
import { navigationGroups } from './screen-groups';
import { screenById, SCREENS, type ScreenEntry } from './screens';
import { registerShellCommands } from './shell-commands';

export function App() {
  const { screen, go } = useNavigation();
  const { info, error, load } = useAppInfo();
  const linkOpen = useLink((s) => s.state === 'open');

  useEffect(() => {
    const stops = (SCREENS as readonly ScreenEntry[]).flatMap((s) => (s.follow ? [s.follow()] : []));
    return () => stops.forEach((stop) => stop());
  }, []);
  useEffect(() => {
    // The desktop app's menu owns its accelerators; browser mode reads the same shortcuts here.
    const stopFollowing = followCommands({
      keys: window.bplab ? null : window,
      mac: /Mac|iPhone|iPad/.test(navigator.platform),
    });
    const stopShell = registerShellCommands(go);
    return () => {
      stopShell();
      stopFollowing();
    };
  }, [go]);
  useEffect(() => {
    if (linkOpen && !info) void load();
  }, [linkOpen, info, load]);

  const Current = screenById(screen).component;
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">bplab</span>
        <span className="muted topbar-info" data-testid="app-info">
          {info ? `v${info.version} · ${info.transport === 'browser' ? 'browser mode' : 'desktop'}` : ''}
        </span>
      </header>
      <LinkBanner />
      <div className="shell">
        <nav className="sidenav" aria-label="Screens">
          {navigationGroups(SCREENS).map((group) => (
            <div className="nav-group" key={group.id} data-testid={`nav-group-${group.id}`}>
              <div className="nav-group-title">{group.title}</div>
              {group.screens.map((s) => (
                <button
                  type="button"
                  key={s.id}
                  className={screen === s.id ? 'tab active' : 'tab'}
                  data-testid={`nav-${s.id}`}
                  aria-current={screen === s.id ? 'page' : undefined}
                  onClick={() => go(s.id)}
                >
                  {s.title}
                </button>
              ))}
            </div>
          ))}
        </nav>
        <main>
          <ErrorMessage error={error} />
          <ErrorBoundary key={screen}>
            <Current />
          </ErrorBoundary>
        </main>
      </div>
      <PasswordPrompt />
      <UnsavedChangesPrompt />
    </div>
  );
}
