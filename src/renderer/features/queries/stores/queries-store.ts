/**
 * The Queries screen: the catalogue (queries/list), the chosen query and variant, the connection and
 * schema to preview EXPLAIN on and to run in, the custom query editor, and starting a run. The
 * connection is the one every screen shares (lib/server-session.ts), whose flow asks for a password
 * and retries; a run that would walk INNODB_BUFFER_PAGE_LRU on a large or production pool asks for
 * consent first.
 */
import { create } from 'zustand';
import { formatError, type AppError, type Result } from '../../../../shared/result';
import type { CatalogueQuery, ExplainCapture } from '../../../../shared/runs/runs';
import { pageTraceOption, type PageTraceOption } from '../../../../shared/trace/traced-runs';
import { call } from '../../../lib/api';
import { useNavigation } from '../../../lib/navigation';
import { withServer, type ServerAuth } from '../../../lib/server-session';
import {
  addVariant,
  draftFromForm,
  draftOf,
  emptyDraft,
  pollSetting,
  poolSizeWords,
  type DraftErrors,
  type DraftForm,
  type RunForm,
} from '../utils/query-view';

export interface ExplainPreview {
  /** What it was asked for: "Q1.1/base@ssb_sf1". */
  key: string;
  loading: boolean;
  capture: ExplainCapture | null;
  error: AppError | null;
}

export interface QueriesState {
  /** The chosen server's buffer pool size in words, or why it is not known (null: not read yet). */
  poolSize: string | null;
  /** The same in bytes, as the server said it (null: not read, or not known). */
  poolBytes: number | null;
  /** Whether the chosen server's runs can be traced (its capability report), null until read. */
  pageTrace: PageTraceOption | null;
  queries: CatalogueQuery[];
  loading: boolean;
  error: AppError | null;
  selectedId: string | null;
  variant: string;
  sideBySide: boolean;
  /** The shared connection this screen's schemas and preview belong to. */
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
  load(): Promise<void>;
  select(id: string): void;
  selectVariant(variant: string): void;
  setSideBySide(on: boolean): void;
  selectProfile(profileId: string): void;
  refreshSchemas(): Promise<void>;
  /** Reads the chosen server's pool size and what it can trace (its capability report); answers the size. */
  readPool(): Promise<number | null>;
  setSchema(schema: string): void;
  preview(): Promise<void>;
  changeRun(patch: Partial<RunForm>): void;
  start(options?: { allowLruPolling?: boolean }): Promise<void>;
  answerConsent(yes: boolean): Promise<void>;
  edit(query: CatalogueQuery | null): void;
  changeDraft(form: DraftForm): void;
  addDraftVariant(): void;
  closeEditor(): void;
  save(): Promise<void>;
  askDelete(id: string | null): void;
  remove(id: string): Promise<void>;
}

export const previewKey = (queryId: string, variant: string, schema: string) =>
  `${queryId}/${variant}@${schema}`;

export const useQueries = create<QueriesState>()((set, get) => {
  /** A request on the chosen connection, through the one password-and-retry flow. */
  const onServer = <T>(send: (auth: ServerAuth) => Promise<Result<T>>) =>
    withServer(get().profileId ?? '', send);
  const selected = () => get().queries.find((q) => q.id === get().selectedId) ?? null;

  return {
    queries: [],
    loading: false,
    error: null,
    selectedId: null,
    variant: 'base',
    poolSize: null,
    poolBytes: null,
    pageTrace: null,
    sideBySide: false,
    profileId: null,
    schemas: [],
    schema: '',
    explain: null,
    run: { poll: 'auto', explainAnalyze: false, tracePages: false },
    runError: null,
    starting: false,
    consent: null,
    editor: null,
    confirmingDelete: null,

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

    selectProfile: (profileId) => {
      if (profileId === get().profileId) return;
      set({
        profileId,
        schemas: [],
        explain: null,
        runError: null,
        poolSize: null,
        poolBytes: null,
        pageTrace: null,
      });
    },

    refreshSchemas: async () => {
      if (!get().profileId) return;
      const result = await onServer((auth) => call('datasets/list', auth));
      if (!result.ok) return set({ schemas: [], error: result.error });
      const schemas = result.value.datasets.filter((d) => d.state === 'complete').map((d) => d.schema);
      set({ schemas, error: null, schema: get().schema || schemas[0] || '' });
      await get().readPool();
    },

    readPool: async () => {
      // The pool the runs will meet, read from the server (its capability report's facts).
      const profileId = get().profileId;
      const report = await onServer((auth) => call('connections/capabilities', auth));
      if (get().profileId !== profileId) return null;
      const bytes = report.ok ? report.value.bufferPool.bufferPoolSizeBytes : null;
      set({
        poolSize: poolSizeWords(bytes),
        poolBytes: bytes,
        pageTrace: report.ok
          ? pageTraceOption(report.value.capabilities)
          : {
              available: false,
              reason: `the server's capabilities could not be read (${report.error.message})`,
            },
      });
      return bytes;
    },

    setSchema: (schema) => set({ schema, explain: null }),

    preview: async () => {
      const query = selected();
      const { variant, schema } = get();
      if (!query || !get().profileId || !schema) return;
      const key = previewKey(query.id, variant, schema);
      set({ explain: { key, loading: true, capture: null, error: null } });
      const result = await onServer((auth) =>
        call('queries/explain', { ...auth, queryId: query.id, variant, schema }),
      );
      if (get().explain?.key !== key) return;
      set({
        explain: result.ok
          ? { key, loading: false, capture: result.value, error: null }
          : { key, loading: false, capture: null, error: result.error },
      });
    },

    changeRun: (patch) => set((s) => ({ run: { ...s.run, ...patch }, runError: null })),

    start: async ({ allowLruPolling = false } = {}) => {
      const query = selected();
      const { variant, schema, run, profileId } = get();
      if (!query || !profileId) return;
      if (!schema.trim()) return set({ runError: 'choose the schema to run in' });
      const poll = pollSetting(run.poll);
      if (!poll.ok) return set({ runError: `Poll: ${poll.error}` });
      set({ starting: true, runError: null });
      const result = await onServer((auth) =>
        call('runs/start', {
          ...auth,
          spec: {
            queryId: query.id,
            variant,
            schema: schema.trim(),
            poll: poll.poll,
            explainAnalyze: run.explainAnalyze,
            allowLruPolling,
            ...(run.tracePages && get().pageTrace?.available ? { tracePages: true } : {}),
          },
        }),
      );
      set({ starting: false });
      if (!result.ok) {
        if (result.error.code === 'CONSENT_REQUIRED') return set({ consent: formatError(result.error) });
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
  };
});
