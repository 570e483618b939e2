/** Pick a connection, check it, read what bplab can and cannot do there. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PasswordPrompt } from '../../../components/PasswordPrompt';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { useNavigation } from '../../../lib/navigation';
import { useCapabilities } from '../stores/capabilities-store';
import { CapabilityReportView } from './CapabilityReportView';

export function CapabilitiesScreen() {
  const {
    profiles,
    profileId,
    report,
    checking,
    error,
    passwordFor,
    loadProfiles,
    select,
    check,
    cancelPassword,
  } = useCapabilities();
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => {
    // Asked for one profile (e.g. from a sandbox): select it and check it straight away.
    void loadProfiles().then(() => {
      if (!asked) return;
      select(asked);
      void check();
    });
  }, [loadProfiles, select, check, asked, visit]);

  return (
    <section className="screen" data-testid="capabilities-screen">
      <div className="panel toolbar">
        <ProfilePicker
          testId="capabilities-profile"
          profiles={profiles}
          value={profileId}
          onChange={select}
        />
        <button
          type="button"
          className="primary"
          data-testid="capabilities-check"
          disabled={!profileId || checking}
          onClick={() => void check()}
        >
          {checking ? 'Checking…' : 'Check capabilities'}
        </button>
      </div>
      <ErrorMessage error={error} />
      {report && report.profileId === profileId && <CapabilityReportView report={report} />}
      {passwordFor && (
        <PasswordPrompt
          profileName={passwordFor.name}
          user={passwordFor.user}
          onSubmit={(password) => void check(password)}
          onCancel={cancelPassword}
        />
      )}
    </section>
  );
}
