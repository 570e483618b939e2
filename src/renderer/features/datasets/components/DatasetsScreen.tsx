/** SSB datasets on a connection (a sandbox's too): create one, follow its load, verify it, drop it. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { useNavigation } from '../../../lib/navigation';
import { useServerSession } from '../../../lib/server-session';
import { followTaskProgress, useDatasets } from '../stores/datasets-store';
import { DatasetCreateForm } from './DatasetCreateForm';
import { DatasetList } from './DatasetList';
import { OltpDatasetList } from './OltpDatasetList';
import { DatasetLoadProgressView } from './DatasetLoadProgressView';
import { ReferenceTable } from './ReferenceTable';
import { VerifyReportView } from './VerifyReportView';

export function DatasetsScreen() {
  const { profileId, listing, error, task, verify } = useDatasets();
  const { select, refresh } = useDatasets();
  const { loadProfiles, select: choose } = useServerSession();
  const chosen = useServerSession((s) => s.profileId);
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => followTaskProgress(), []);
  useEffect(() => {
    void loadProfiles().then(() => {
      if (asked) choose(asked);
    });
  }, [loadProfiles, choose, asked, visit]);
  useEffect(() => {
    // The list follows the chosen connection, and is read again on every visit.
    if (!chosen) return;
    select(chosen);
    void refresh();
  }, [chosen, select, refresh, visit]);

  return (
    <section className="screen" data-testid="datasets-screen">
      <div className="panel toolbar">
        <ProfilePicker testId="datasets-profile" />
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
      <OltpDatasetList />
      {task && <DatasetLoadProgressView />}
      <DatasetCreateForm />
      {verify && <VerifyReportView />}
      <ReferenceTable />
    </section>
  );
}
