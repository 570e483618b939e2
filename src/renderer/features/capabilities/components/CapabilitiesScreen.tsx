/** Pick a connection, check it, read what bplab can and cannot do there. */
import { useEffect } from 'react';
import { ListStatusView } from '../../../components/ListStatusView';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { listStatus } from '../../../lib/list-status';
import { useNavigation } from '../../../lib/navigation';
import { useServerSession } from '../../../lib/server-session';
import { useCapabilities } from '../stores/capabilities-store';
import { CapabilityReportView } from './CapabilityReportView';

export function CapabilitiesScreen() {
  const { report, checking, error, check } = useCapabilities();
  const { profileId, profiles, profilesLoaded, profilesError, loadProfiles, select } = useServerSession();
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => {
    // Asked for one profile (e.g. from a sandbox): select it and check it straight away.
    void loadProfiles().then(() => {
      if (!asked) return;
      select(asked);
      void check();
    });
  }, [loadProfiles, select, check, asked, visit]);

  const shown = report && report.profileId === profileId ? report : null;
  return (
    <section className="screen" data-testid="capabilities-screen">
      <div className="panel toolbar">
        <ProfilePicker testId="capabilities-profile" />
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
      <ListStatusView
        status={listStatus(profilesLoaded, profilesError, profiles.length)}
        noun="saved connections"
        empty="No saved connections yet: add one on the Connections screen, or create a sandbox."
        testId="capabilities-no-profiles"
      />
      {error ? (
        <ListStatusView
          status={listStatus(true, error, 0)}
          noun="capabilities"
          empty=""
          testId="capabilities"
        />
      ) : (
        !shown &&
        profileId && (
          <p className="muted" data-testid="capabilities-not-checked">
            {checking ? 'Checking…' : 'Not checked yet: press Check capabilities.'}
          </p>
        )
      )}
      {shown && <CapabilityReportView report={shown} />}
    </section>
  );
}
