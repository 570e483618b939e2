/** Queries: the SSB catalogue and the user's own, EXPLAIN on a dataset, and Run. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PasswordPrompt } from '../../../components/PasswordPrompt';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { useNavigation } from '../../../lib/navigation';
import { useQueries } from '../stores/queries-store';
import { QueryCatalogue } from './QueryCatalogue';
import { QueryDetail } from './QueryDetail';
import { QueryEditor } from './QueryEditor';

export function QueriesScreen() {
  const { profiles, profileId, schemas, schema, error, editor, passwordFor } = useQueries();
  const { load, loadProfiles, selectProfile, refreshSchemas, setSchema, submitPassword, cancelPassword } =
    useQueries();
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => {
    void load();
    void loadProfiles().then(() => {
      if (asked) selectProfile(asked);
      void refreshSchemas();
    });
  }, [load, loadProfiles, selectProfile, refreshSchemas, asked, visit]);

  return (
    <section className="screen" data-testid="queries-screen">
      <div className="panel toolbar">
        <ProfilePicker
          testId="queries-profile"
          profiles={profiles}
          value={profileId}
          onChange={(id) => {
            selectProfile(id);
            void refreshSchemas();
          }}
        />
        <label className="field">
          <span>Schema</span>
          <input
            list="queries-schemas"
            data-testid="queries-schema"
            value={schema}
            placeholder={schemas.length === 0 ? 'no complete dataset here' : 'a dataset'}
            onChange={(e) => setSchema(e.target.value)}
          />
          <datalist id="queries-schemas">
            {schemas.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </label>
      </div>
      <ErrorMessage error={error} testId="queries-error" />
      <div className="screen two-columns">
        <div className="column-narrow queries-column">
          <QueryCatalogue />
        </div>
        <div className="column-wide">{editor ? <QueryEditor /> : <QueryDetail />}</div>
      </div>
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
