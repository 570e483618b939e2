/**
 * The Queries screen: the catalogue (queries/list), the chosen query and variant, the connection and
 * schema to preview EXPLAIN on and to run in, the custom query editor, and starting a run. Requests
 * that need the profile's password ask once through the prompt and are then retried; a run that
 * would walk INNODB_BUFFER_PAGE_LRU on a large or production pool asks for consent first.
 */
import { create } from 'zustand';
import type { ProfileListing } from '../../../../shared/models';
import type { AppError, Result } from '../../../../shared/result';
import type { CatalogueQuery, ExplainCapture } from '../../../../shared/runs';
import { call } from '../../../lib/api';
import { useNavigation } from '../../../lib/navigation';
import { loadProfileChoice } from '../../../lib/profile-selection';
import {
  addVariant,
  draftFromForm,
  draftOf,
  emptyDraft,
  pollSetting,
  type DraftErrors,
  type DraftForm,
  type RunForm,
} from '../utils/query-view';

type ListedProfile = ProfileListing['profiles'][number];

export interface ExplainPreview {
  /** What it was asked for: "Q1.1/base@ssb_sf1". */
  key: string;
  loading: boolean;
  capture: ExplainCapture | null;
  error: AppError | null;
}

export interface QueriesState {
  queries: CatalogueQuery[];
  loading: boolean;
  error: AppError | null;
  selectedId: string | null;
  variant: string;
  sideBySide: boolean;
  profiles: ListedProfile[];
  profileId: string | null;
  /** bplab datasets on the chosen connection (the schema field suggests them). */
  schemas: string[];
  schema: string;
  explain: ExplainPreview | null;
  run: RunForm;
  runError: AppError | string | null;
  starting: boolean;
  /** A run refused with CONSENT_REQUIRED waits for the user's yes. */
  consent: string | null;
  editor: { form: DraftForm; errors: DraftErrors; saving: boolean; error: AppError | null } | null;
  confirmingDelete: string | null;
  passwordFor: { name: string; user: string } | null;
  pending: ((password: string) => Promise<void>) | null;
  load(): Promise<void>;
  select(id: string): void;
  selectVariant(variant: string): void;
  setSideBySide(on: boolean): void;
  loadProfiles(): Promise<void>;
  selectProfile(profileId: string): void;
  refreshSchemas(password?: string): Promise<void>;
  setSchema(schema: string): void;
  preview(password?: string): Promise<void>;
  changeRun(patch: Partial<RunForm>): void;
  start(options?: { password?: string; allowLruPolling?: boolean }): Promise<void>;
  answerConsent(yes: boolean): Promise<void>;
  edit(query: CatalogueQuery | null): void;
  changeDraft(form: DraftForm): void;
  addDraftVariant(): void;
  closeEditor(): void;
  save(): Promise<void>;
  askDelete(id: string | null): void;
  remove(id: string): Promise<void>;
  submitPassword(password: string): Promise<void>;
  cancelPassword(): void;
}

export const previewKey = (queryId: string, variant: string, schema: string) =>
  `${queryId}/${variant}@${schema}`;

export const useQueries = create<QueriesState>()((set, get) => {
  const target = (password?: string) => {
    const profileId = get().profileId ?? '';
    return password === undefined ? { profileId } : { profileId, password };
  };
  /** True when the result asked for a password: the prompt is shown and `retry` runs after it. */
  const needsPassword = (
    result: Result<unknown>,
    password: string | undefined,
    retry: (password: string) => Promise<void>,
  ): boolean => {
    if (result.ok || result.error.code !== 'PASSWORD_REQUIRED' || password !== undefined) return false;
    const profile = get().profiles.find((p) => p.id === get().profileId);
    set({ passwordFor: { name: profile?.name ?? '', user: profile?.user ?? '' }, pending: retry });
    return true;
  };
  const selected = () => get().queries.find((q) => q.id === get().selectedId) ?? null;

  return {
    queries: [],
    loading: false,
    error: null,
    selectedId: null,
    variant: 'base',
    sideBySide: false,
    profiles: [],
    profileId: null,
    schemas: [],
    schema: '',
    explain: null,
    run: { poll: 'auto', explainAnalyze: false },
    runError: null,
    starting: false,
    consent: null,
    editor: null,
    confirmingDelete: null,
    passwordFor: null,
    pending: null,

    load: async () => {
      set({ loading: true });
      const result = await call('queries/list', {});
      set({ loading: false });
      if (!result.ok) return set({ error: result.error });
      const queries = result.value;
      const current = queries.some((q) => q.id === get().selectedId);
      set({ queries, error: null });
      if (!current) get().select(queries[0]?.id ?? '');
    },

    select: (id) => {
      const query = get().queries.find((q) => q.id === id);
      set({
        selectedId: query ? id : null,
        variant: query?.variants[0]?.variant ?? 'base',
        explain: null,
        runError: null,
        confirmingDelete: null,
      });
    },

    selectVariant: (variant) => set({ variant, explain: null, runError: null }),
    setSideBySide: (sideBySide) => set({ sideBySide }),

    loadProfiles: async () => set(await loadProfileChoice(get().profileId)),

    selectProfile: (profileId) => {
      if (profileId === get().profileId) return;
      set({ profileId, schemas: [], explain: null, runError: null });
    },

    refreshSchemas: async (password) => {
      if (!get().profileId) return;
      const result = await call('datasets/list', target(password));
      if (needsPassword(result, password, (pw) => get().refreshSchemas(pw))) return;
      if (!result.ok) return set({ schemas: [], error: result.error });
      const schemas = result.value.datasets.filter((d) => d.state === 'complete').map((d) => d.schema);
      set({ schemas, error: null, schema: get().schema || schemas[0] || '' });
    },

    setSchema: (schema) => set({ schema, explain: null }),

    preview: async (password) => {
      const query = selected();
      const { variant, schema } = get();
      if (!query || !get().profileId || !schema) return;
      const key = previewKey(query.id, variant, schema);
      set({ explain: { key, loading: true, capture: null, error: null } });
      const result = await call('queries/explain', {
        ...target(password),
        queryId: query.id,
        variant,
        schema,
      });
      if (needsPassword(result, password, (pw) => get().preview(pw))) return set({ explain: null });
      if (get().explain?.key !== key) return;
      set({
        explain: result.ok
          ? { key, loading: false, capture: result.value, error: null }
          : { key, loading: false, capture: null, error: result.error },
      });
    },

    changeRun: (patch) => set((s) => ({ run: { ...s.run, ...patch }, runError: null })),

    start: async ({ password, allowLruPolling = false } = {}) => {
      const query = selected();
      const { variant, schema, run, profileId } = get();
      if (!query || !profileId) return;
      if (!schema.trim()) return set({ runError: 'choose the schema to run in' });
      const poll = pollSetting(run.poll);
      if (!poll.ok) return set({ runError: `Poll: ${poll.error}` });
      set({ starting: true, runError: null });
      const result = await call('runs/start', {
        ...target(password),
        spec: {
          queryId: query.id,
          variant,
          schema: schema.trim(),
          poll: poll.poll,
          explainAnalyze: run.explainAnalyze,
          allowLruPolling,
        },
      });
      set({ starting: false });
      if (needsPassword(result, password, (pw) => get().start({ password: pw, allowLruPolling }))) return;
      if (!result.ok) {
        if (result.error.code === 'CONSENT_REQUIRED')
          return set({ consent: [result.error.message, result.error.hint].filter(Boolean).join(' ') });
        return set({ runError: result.error });
      }
      useNavigation.getState().go('runs', profileId, result.value.runId);
    },

    answerConsent: async (yes) => {
      set({ consent: null });
      if (yes) await get().start({ allowLruPolling: true });
    },

    edit: (query) =>
      set({
        editor: { form: query ? draftOf(query) : emptyDraft(), errors: {}, saving: false, error: null },
      }),

    changeDraft: (form) =>
      set((s) => (s.editor ? { editor: { ...s.editor, form, errors: {}, error: null } } : {})),

    addDraftVariant: () =>
      set((s) => (s.editor ? { editor: { ...s.editor, form: addVariant(s.editor.form) } } : {})),

    closeEditor: () => set({ editor: null }),

    save: async () => {
      const editor = get().editor;
      if (!editor) return;
      const checked = draftFromForm(editor.form);
      if (!checked.ok) return set({ editor: { ...editor, errors: checked.errors } });
      set({ editor: { ...editor, saving: true, error: null } });
      const result = await call('queries/save', { draft: checked.draft });
      const now = get().editor;
      if (!now) return;
      if (!result.ok) return set({ editor: { ...now, saving: false, error: result.error } });
      set({ editor: null });
      await get().load();
      get().select(result.value.id);
    },

    askDelete: (id) => set({ confirmingDelete: id }),

    remove: async (id) => {
      set({ confirmingDelete: null });
      const result = await call('queries/delete', { id });
      if (!result.ok) return set({ error: result.error });
      await get().load();
    },

    submitPassword: async (password) => {
      const retry = get().pending;
      set({ passwordFor: null, pending: null });
      if (retry) await retry(password);
    },

    cancelPassword: () => set({ passwordFor: null, pending: null }),
  };
});
