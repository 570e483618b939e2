/** Queries: the SSB catalogue and the user's own, EXPLAIN on a dataset, and Run. */
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ListAndDetail } from '../../../components/ListAndDetail';
import { ProfilePicker } from '../../../components/ProfilePicker';
import { useNavigation } from '../../../lib/navigation';
import { useServerSession } from '../../../lib/server-session';
import { useQueries } from '../stores/queries-store';
import { QueryCatalogue } from './QueryCatalogue';
import { QueryDetail } from './QueryDetail';
import { QueryEditor } from './QueryEditor';
import { PoolSizeControl } from './PoolSizeControl';

export function QueriesScreen() {
  const { schemas, schema, error, editor } = useQueries();
  const { load, selectProfile, refreshSchemas, setSchema } = useQueries();
  const { loadProfiles, select: choose } = useServerSession();
  const chosen = useServerSession((s) => s.profileId);
  const { profileId: asked, visit } = useNavigation();

  useEffect(() => {
    void load();
    void loadProfiles().then(() => {
      if (asked) choose(asked);
    });
  }, [load, loadProfiles, choose, asked, visit]);
  useEffect(() => {
    // The schemas follow the chosen connection, and are read again on every visit.
    if (!chosen) return;
    selectProfile(chosen);
    void refreshSchemas();
  }, [chosen, selectProfile, refreshSchemas, visit]);

  return (
    <section className="screen" data-testid="queries-screen">
      <div className="panel toolbar queries-toolbar">
        <ProfilePicker testId="queries-profile" />
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
        <PoolSizeControl />
      </div>
      <ErrorMessage error={error} testId="queries-error" />
      <ListAndDetail list={<QueryCatalogue />} listClassName="queries-column">
        {editor ? <QueryEditor /> : <QueryDetail />}
      </ListAndDetail>
    </section>
  );
}
