/** Choosing the saved connection a screen works on. */
import type { ProfileListing } from '../../shared/models';
import type { AppError } from '../../shared/result';
import { call } from './api';

/** After the list changes: keep the current choice if it still exists, else take the first profile. */
export function keepSelection(
  profiles: ReadonlyArray<{ id: string }>,
  current: string | null,
): string | null {
  return current && profiles.some((p) => p.id === current) ? current : (profiles[0]?.id ?? null);
}

/** Fetches the saved profiles and the choice to keep: the state update a screen's store applies. */
export async function loadProfileChoice(
  current: string | null,
): Promise<{ profiles: ProfileListing['profiles']; profileId: string | null } | { error: AppError }> {
  const result = await call('profiles/list', {});
  if (!result.ok) return { error: result.error };
  const profiles = result.value.profiles;
  return { profiles, profileId: keepSelection(profiles, current) };
}
