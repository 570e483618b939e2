/** The capabilities screen: which profile to check, and its report. */
import { create } from 'zustand';
import type { CapabilityReport, ProfileListing } from '../../../../shared/models';
import type { AppError } from '../../../../shared/result';
import { call } from '../../../lib/api';
import { loadProfileChoice } from '../../../lib/profile-selection';

type ListedProfile = ProfileListing['profiles'][number];

export interface CapabilitiesState {
  profiles: ListedProfile[];
  profileId: string | null;
  report: CapabilityReport | null;
  checking: boolean;
  error: AppError | null;
  passwordFor: { profileId: string; name: string; user: string } | null;
  loadProfiles(): Promise<void>;
  select(profileId: string): void;
  check(password?: string): Promise<void>;
  cancelPassword(): void;
}

export const useCapabilities = create<CapabilitiesState>()((set, get) => ({
  profiles: [],
  profileId: null,
  report: null,
  checking: false,
  error: null,
  passwordFor: null,

  loadProfiles: async () => set(await loadProfileChoice(get().profileId)),

  select: (profileId) => {
    if (profileId !== get().profileId) set({ profileId, report: null, error: null });
  },

  check: async (password) => {
    const profileId = get().profileId;
    if (!profileId)
      return set({ error: { code: 'INVALID_ARGUMENT', message: 'Pick a connection to check first.' } });
    set({ checking: true, error: null, passwordFor: null });
    const result = await call(
      'connections/capabilities',
      password === undefined ? { profileId } : { profileId, password },
    );
    if (result.ok) return set({ checking: false, report: result.value });
    const profile = get().profiles.find((p) => p.id === profileId);
    if (result.error.code === 'PASSWORD_REQUIRED' && password === undefined)
      return set({
        checking: false,
        passwordFor: { profileId, name: profile?.name ?? profileId, user: profile?.user ?? '' },
      });
    set({ checking: false, error: result.error, report: null });
  },

  cancelPassword: () => set({ passwordFor: null }),
}));
