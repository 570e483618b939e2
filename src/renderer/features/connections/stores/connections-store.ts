/** The connections screen: saved profiles, the editor, "Test connection", and the password prompt. */
import { create } from 'zustand';
import type { ConnectionTestResult, ProfileListing } from '../../../../shared/models';
import type { AppError } from '../../../../shared/result';
import { call } from '../../../lib/api';
import { withServer } from '../../../lib/server-session';
import {
  draftFromForm,
  emptyProfileForm,
  formFromProfile,
  type ProfileForm,
  type ProfileFormErrors,
} from '../utils/profile-form';

type ListedProfile = ProfileListing['profiles'][number];

export type TestState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: ConnectionTestResult }
  | { status: 'failed'; error: AppError };

export interface ConnectionsState {
  profiles: ListedProfile[];
  loadError: ProfileListing['loadError'] | null;
  passwordPersistence: ProfileListing['passwordPersistence'];
  /** profiles/list has answered. */
  listed: boolean;
  /** Why the last profiles/list failed. */
  listError: AppError | null;
  /** A failure of the last save/delete, in words. */
  error: AppError | null;
  form: ProfileForm | null;
  /** The form differs from what is saved (a new profile, or edits). */
  dirty: boolean;
  formErrors: ProfileFormErrors;
  saving: boolean;
  test: TestState;
  load(): Promise<void>;
  startNew(): void;
  edit(profileId: string): void;
  change(patch: Partial<ProfileForm>): void;
  save(): Promise<string | null>;
  testConnection(): Promise<void>;
  remove(profileId: string): Promise<void>;
  forgetPassword(profileId: string): Promise<void>;
}

export const useConnections = create<ConnectionsState>()((set, get) => {
  /** Tests a saved profile; the server session asks for a password when the server wants one. */
  const runTest = async (profileId: string) => {
    set({ test: { status: 'running' } });
    const result = await withServer(profileId, (auth) => call('connections/test', auth));
    set({
      test: result.ok ? { status: 'done', result: result.value } : { status: 'failed', error: result.error },
    });
  };

  return {
    profiles: [],
    loadError: null,
    passwordPersistence: 'session-only',
    listed: false,
    listError: null,
    error: null,
    form: null,
    dirty: false,
    formErrors: {},
    saving: false,
    test: { status: 'idle' },

    load: async () => {
      const result = await call('profiles/list', {});
      if (!result.ok) return set({ listed: true, listError: result.error });
      set({
        profiles: result.value.profiles,
        loadError: result.value.loadError ?? null,
        passwordPersistence: result.value.passwordPersistence,
        listed: true,
        listError: null,
      });
    },

    startNew: () =>
      set({ form: emptyProfileForm(), dirty: true, formErrors: {}, test: { status: 'idle' }, error: null }),

    edit: (profileId) => {
      const profile = get().profiles.find((p) => p.id === profileId);
      if (!profile)
        return set({
          error: { code: 'NOT_FOUND', message: `There is no connection profile "${profileId}" (any more).` },
        });
      set({
        form: formFromProfile(profile),
        dirty: false,
        formErrors: {},
        test: { status: 'idle' },
        error: null,
      });
    },

    change: (patch) => {
      const form = get().form;
      if (!form) return;
      const cleared = { ...get().formErrors };
      for (const key of Object.keys(patch)) delete cleared[key as keyof ProfileForm];
      set({ form: { ...form, ...patch }, dirty: true, formErrors: cleared, test: { status: 'idle' } });
    },

    save: async () => {
      const form = get().form;
      if (!form) return null;
      const checked = draftFromForm(form);
      if (!checked.ok) {
        set({ formErrors: checked.errors });
        return null;
      }
      set({ saving: true, error: null });
      const withPassword = form.password !== '';
      const result = await call('profiles/save', {
        draft: checked.draft,
        ...(withPassword ? { password: form.password, rememberPassword: form.rememberPassword } : {}),
      });
      if (!result.ok) {
        set({ saving: false, error: result.error });
        return null;
      }
      const saved = result.value;
      // The password now lives in main (this session's memory, or encrypted): the page forgets it.
      set({ saving: false, dirty: false, form: formFromProfile(saved) });
      await get().load();
      return saved.id;
    },

    testConnection: async () => {
      const { form, dirty } = get();
      if (!form) return;
      // A saved, unchanged profile is tested as it is; the password prompt answers for it.
      if (form.id && !dirty) return runTest(form.id);
      // An edited or new one is tested as the form holds it, and nothing is saved (a wrong password
      // neither): Save saves.
      const checked = draftFromForm(form);
      if (!checked.ok) return set({ formErrors: checked.errors });
      set({ test: { status: 'running' } });
      const result = await call('connections/test-draft', {
        draft: checked.draft,
        ...(form.password !== '' ? { password: form.password } : {}),
      });
      set({
        test: result.ok
          ? { status: 'done', result: result.value }
          : { status: 'failed', error: result.error },
      });
    },

    remove: async (profileId) => {
      const result = await call('profiles/delete', { id: profileId });
      if (!result.ok) return set({ error: result.error });
      if (get().form?.id === profileId) set({ form: null });
      await get().load();
    },

    forgetPassword: async (profileId) => {
      const result = await call('profiles/forget-password', { id: profileId });
      if (!result.ok) return set({ error: result.error });
      await get().load();
    },
  };
});
