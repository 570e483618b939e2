/** SSB datasets on a connection (a sandbox's too): create one, follow its load, verify it, drop it. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PasswordPrompt } from '../../../components/PasswordPrompt';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { useNavigation } from '../../../lib/navigation';
import { followTaskProgress, useDatasets } from '../stores/datasets-store';
import { DatasetCreateForm } from './DatasetCreateForm';
import { DatasetList } from './DatasetList';
import { LoadProgressView } from './LoadProgressView';
import { ReferenceTable } from './ReferenceTable';
import { VerifyReportView } from './VerifyReportView';

export function DatasetsScreen() {
  const { profiles, profileId, listing, error, task, verify, passwordFor } = useDatasets();
  const { loadProfiles, select, refresh, submitPassword, cancelPassword } = useDatasets();
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => followTaskProgress(), []);
  useEffect(() => {
    void loadProfiles().then(() => {
      if (asked) select(asked);
      void refresh();
    });
  }, [loadProfiles, select, refresh, asked, visit]);

  return (
    <section className="screen" data-testid="datasets-screen">
      <div className="panel toolbar">
        <ProfilePicker
          testId="datasets-profile"
          profiles={profiles}
          value={profileId}
          onChange={(id) => {
            select(id);
            void refresh();
          }}
        />
        <button
          type="button"
          data-testid="datasets-refresh"
          disabled={!profileId || listing}
          onClick={() => void refresh()}
        >
          {listing ? 'Listing…' : 'Refresh'}
        </button>
      </div>
      <ErrorMessage error={error} testId="datasets-error" />
      <DatasetList />
      {task && <LoadProgressView />}
      <DatasetCreateForm />
      {verify && <VerifyReportView />}
      <ReferenceTable />
      {passwordFor && (
        <PasswordPrompt
          profileName={passwordFor.name}
          user={passwordFor.user}
          onSubmit={(password) => void submitPassword(password)}
          onCancel={cancelPassword}
        />
      )}
    </section>
  );
}
