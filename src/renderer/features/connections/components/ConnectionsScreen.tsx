/** Saved connections on the left, the editor on the right. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ListAndDetail } from '../../../components/ListAndDetail';
import { useNavigation } from '../../../lib/navigation';
import { useConnections } from '../stores/connections-store';
import { ConnectionEditor } from './ConnectionEditor';
import { ConnectionList } from './ConnectionList';

export function ConnectionsScreen() {
  const { load, edit, error, loadError } = useConnections();
  const { profileId, visit } = useNavigation();

  useEffect(() => {
    // Asked to open one profile (e.g. a sandbox's): load the list first so the editor has it.
    void load().then(() => {
      if (profileId) edit(profileId);
    });
  }, [load, edit, profileId, visit]);

  return (
    <ListAndDetail list={<ConnectionList />} testId="connections-screen">
      {loadError && (
        <ErrorMessage
          testId="profiles-load-error"
          error={{
            code: 'PROFILE_MALFORMED',
            message: `The saved connections could not be read (${loadError.file}): ${loadError.message}`,
            ...(loadError.backup ? { hint: `a copy was kept in ${loadError.backup}` } : {}),
          }}
        />
      )}
      <ErrorMessage error={error} />
      <ConnectionEditor />
    </ListAndDetail>
  );
}
