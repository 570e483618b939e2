/**
 * The "Connection" picker of the screens that work on a server. The choice is the shared one of
 * lib/server-session.ts; when the saved connections could not be listed, it says why instead of
 * "no saved connections".
 */
import { failureKind } from '../lib/list-status';
import { useServerSession } from '../lib/server-session';

const UNLISTED: Record<ReturnType<typeof failureKind>, string> = {
  'no-token': 'not listed: no valid token',
  'bplab-unreachable': 'not listed: bplab serve unreachable',
  unreachable: 'not listed: unreachable',
  'not-allowed': 'not listed: not allowed',
  failed: 'not listed (see the error)',
};

export function ProfilePicker({
  testId,
  onChange,
}: {
  testId: string;
  /** Called after the choice changed. */
  onChange?: (profileId: string) => void;
}) {
  const { profiles, profilesLoaded, profilesError, profileId, select } = useServerSession();
  const none = profilesError
    ? UNLISTED[failureKind(profilesError)]
    : profilesLoaded
      ? 'no saved connections'
      : 'listing…';
  return (
    <label className="field inline">
      <span>Connection</span>
      <select
        data-testid={testId}
        value={profileId ?? ''}
        onChange={(e) => {
          select(e.target.value);
          onChange?.(e.target.value);
        }}
        disabled={profiles.length === 0}
      >
        {profiles.length === 0 && <option value="">{none}</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
