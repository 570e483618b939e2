/** The "Connection" picker that screens working on one saved connection share. */
import type { ConnectionProfile } from '../../shared/models';

export function ProfilePicker({
  profiles,
  value,
  onChange,
  testId,
}: {
  profiles: ReadonlyArray<Pick<ConnectionProfile, 'id' | 'name'>>;
  value: string | null;
  onChange: (profileId: string) => void;
  testId: string;
}) {
  return (
    <label className="field inline">
      <span>Connection</span>
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={profiles.length === 0}
      >
        {profiles.length === 0 && <option value="">no saved connections</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
