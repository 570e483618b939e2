/**
 * The experiment file open in the app (one at a time): a new draft the builder edits, or a
 * `*.bplab.json` opened from disk or dropped into the page, with its results. Every screen that shows
 * an experiment (the builder, the comparison) reads `current` here.
 *
 *   const { current, dirty, recent } = useDocuments();
 *   await useDocuments.getState().open('/home/me/post001.bplab.json');   // false + `error` when it fails
 *   await runFileCommand('file.save');                                    // what the desktop menu sends
 *
 * Main does the file work (experiments/open, parse, write, save, recent): loading checks the whole file
 * and its errors name the path in the file and what is wrong; saves are atomic. The desktop app picks
 * paths with its OS dialogs (window.bplabFiles); browser mode asks for a path in the page (`ask`) and
 * takes dropped files as text (openFromBytes). Whatever would drop unsaved edits (new, open, close)
 * asks first (`unsaved`), and goes on only when they were saved or the user let them go.
 */
import { create } from 'zustand';
import {
  opensAsExperiment,
  type ExperimentFile,
  type RecentFile,
} from '../../shared/experiments/experiment-file';
import type { ExperimentDefinitionInput } from '../../shared/experiments/experiments';
import { err, type AppError } from '../../shared/result';
import { call } from './api';
import { tooLargeToDrop } from './dropped-file';
import { useAppInfo } from './app-info-store';
import {
  UNTITLED,
  baseName,
  checkedDefinition,
  dialogs,
  draftFile,
  draftFileText,
  emptyDefinition,
  proposedName,
  type ExperimentDocument,
  type PathRequest,
  type UnsavedQuestion,
} from './document-files';

export interface DocumentsState {
  current: ExperimentDocument | null;
  /**
   * Which document is open: bumped whenever another takes the place of the open one (new, open, a
   * dropped file, close), not by its edits, saves or reloads. What belongs to one document (how its
   * experiment ended) is shown only while it stays open.
   */
  opened: number;
  /** Edited since opened or saved. */
  dirty: boolean;
  /** Files opened or saved lately (main keeps them), newest first; a missing one says so. */
  recent: RecentFile[];
  /** Why the last open or save failed, in words (a load names the path in the file). */
  error: AppError | null;
  busy: 'opening' | 'saving' | null;
  /** A path the page should ask for (browser mode); null when none is asked. */
  ask: PathRequest | null;
  /** The unsaved-changes question on screen, if any. */
  unsaved: UnsavedQuestion | null;
  /**
   * The file an experiment is running into, if any: while it runs, that document is not saved (a save
   * elsewhere would leave its results behind, a save in place would race the runner's own writes).
   */
  runningInto: string | null;

  /** A new draft (asks first when the open one has unsaved edits). */
  newDocument(definition?: ExperimentDefinitionInput): Promise<boolean>;
  /** Opens a file by its path (asks first when there are unsaved edits). */
  open(path: string): Promise<boolean>;
  /** Opens a file's text (a file dropped into the page); `name` is what errors and titles call it. */
  openFromBytes(name: string, text: string): Promise<boolean>;
  /** Saves where it is; a document with no path yet asks for one (dialog or `ask`). */
  save(): Promise<boolean>;
  /** Saves to `path` and goes on there. */
  saveAs(path: string): Promise<boolean>;
  /** Marks the file an experiment runs into (null when it has ended). */
  setRunningInto(path: string | null): void;
  /** True, with the reason set as the error, when the open document's experiment is still running. */
  refuseWhileRunning(): boolean;
  /** Closes it (asks first when there are unsaved edits). */
  close(): Promise<boolean>;
  /** The builder's edit of the definition; marks the document dirty. */
  edit(definition: ExperimentDefinitionInput): void;
  /** The document now lives at `path`, as main saved it (an experiment started from it). */
  attach(path: string): void;
  /** Reads the document's file again (an experiment running into it saved more results). */
  reload(): Promise<boolean>;
  loadRecent(): Promise<void>;
  /** The page's answer to `ask`: the path typed, or null to drop the question. */
  answerPath(path: string | null): Promise<boolean>;
  /** The answer to `unsaved`: save first, let the edits go, or do nothing. */
  answerUnsaved(answer: 'save' | 'discard' | 'cancel'): void;
}

/** The one waiting answer to the unsaved-changes question. */
let unsavedAnswer: ((answer: 'save' | 'discard' | 'cancel') => void) | null = null;

export const useDocuments = create<DocumentsState>()((set, get) => {
  /** Asks about unsaved edits; true when the action may go on (saved, let go, or nothing to lose). */
  const mayDrop = async (action: string): Promise<boolean> => {
    const { current, dirty } = get();
    if (!current || !dirty) return true;
    unsavedAnswer?.('cancel');
    const answer = await new Promise<'save' | 'discard' | 'cancel'>((resolve) => {
      unsavedAnswer = resolve;
      set({ unsaved: { action, name: current.name } });
    });
    unsavedAnswer = null;
    set({ unsaved: null });
    if (answer === 'cancel') return false;
    if (answer === 'discard') return true;
    return get().save();
  };

  /** Shows a file read from disk or the page: another document, or the open one read again (`reread`). */
  const show = (
    path: string | null,
    name: string,
    file: ExperimentFile,
    text: string | null,
    reread = false,
  ) => {
    set({
      current: { path, name, file, definition: file.definition, text },
      opened: reread ? get().opened : get().opened + 1,
      dirty: false,
      error: null,
      ask: null,
    });
  };

  /** Where to save: the OS dialog's answer, or null after asking the page for it (browser mode). */
  const pickSavePath = async (): Promise<string | null> => {
    const picker = dialogs();
    const current = get().current;
    if (!picker) {
      set({ ask: 'save-as' });
      return null;
    }
    return picker.pickSave(proposedName(current));
  };

  /** Writes the document to `path`: a draft as its definition, a file with results as it is. */
  const writeTo = async (path: string): Promise<boolean> => {
    const current = get().current;
    if (!current) return false;
    set({ busy: 'saving', error: null });
    const done = (error: AppError | null) => {
      set({ busy: null, error });
      return error === null;
    };
    const hasResults = current.file !== null && current.file.state !== 'draft';
    if (hasResults) {
      // Results are never edited in the page: the file is copied (checked by main), or a dropped file's text written.
      const result = current.text
        ? await call('experiments/write', { file: path, text: current.text })
        : current.path
          ? await call('experiments/save', { from: current.path, to: path })
          : err<{ file: string }>('INTERNAL', 'bplab has neither a path nor the text of this file.');
      if (!result.ok) return done(result.error);
      set({
        current: { ...current, path: result.value.file, name: baseName(result.value.file), text: null },
      });
      set({ dirty: false });
      void get().loadRecent();
      return done(null);
    }
    const checked = checkedDefinition(current.definition, 'cannot be saved yet');
    if (!checked.ok) return done(checked.error);
    const version = useAppInfo.getState().info?.version ?? 'unknown';
    const now = new Date();
    const result = await call('experiments/write', {
      file: path,
      text: draftFileText(checked.value, version, now),
    });
    if (!result.ok) return done(result.error);
    // Edits made while the save was on its way stay unsaved.
    const still = get().current?.definition === current.definition;
    set({
      current: {
        ...current,
        path: result.value.file,
        name: baseName(result.value.file),
        file: draftFile(checked.value, version, now),
        text: null,
      },
      dirty: !still,
    });
    void get().loadRecent();
    return done(null);
  };

  return {
    current: null,
    opened: 0,
    dirty: false,
    recent: [],
    error: null,
    busy: null,
    ask: null,
    unsaved: null,
    runningInto: null,

    newDocument: async (definition = emptyDefinition()) => {
      if (!(await mayDrop('start a new experiment'))) return false;
      set({
        current: { path: null, name: UNTITLED, file: null, definition, text: null },
        opened: get().opened + 1,
        dirty: false,
        error: null,
        ask: null,
      });
      return true;
    },

    open: async (path) => {
      const trimmed = path.trim();
      if (!trimmed) {
        set({ error: { code: 'INVALID_ARGUMENT', message: 'Type the path of a *.bplab.json file.' } });
        return false;
      }
      if (!(await mayDrop('open another file'))) return false;
      set({ busy: 'opening', error: null });
      const result = await call('experiments/open', { file: trimmed });
      set({ busy: null });
      void get().loadRecent();
      if (!result.ok) {
        set({ error: result.error });
        return false;
      }
      show(trimmed, baseName(trimmed), result.value, null);
      return true;
    },

    openFromBytes: async (name, text) => {
      const large = tooLargeToDrop(name, text.length);
      if (large) {
        set({ error: large });
        return false;
      }
      if (!(await mayDrop('open another file'))) return false;
      set({ busy: 'opening', error: null });
      const result = await call('experiments/parse', { name, text });
      set({ busy: null });
      if (!result.ok) {
        set({ error: result.error });
        return false;
      }
      show(null, name, result.value, text);
      return true;
    },

    save: async () => {
      const current = get().current;
      if (!current) return false;
      if (get().refuseWhileRunning()) return false;
      if (current.path && (get().dirty || current.file === null)) return writeTo(current.path);
      if (current.path) return true;
      const path = await pickSavePath();
      return path ? writeTo(path) : false;
    },

    saveAs: async (path) => {
      if (get().refuseWhileRunning()) return false;
      const trimmed = path.trim();
      if (!trimmed) {
        set({ error: { code: 'INVALID_ARGUMENT', message: 'Type the path to save the experiment to.' } });
        return false;
      }
      return writeTo(trimmed);
    },

    setRunningInto: (path) => set({ runningInto: path }),

    refuseWhileRunning: () => {
      const { current, runningInto } = get();
      if (!current?.path || current.path !== runningInto) return false;
      set({
        error: {
          code: 'BUSY',
          message: `${current.name} cannot be saved while its experiment is running: the runner writes each result into it.`,
          hint: 'Save it (or Save As) once the experiment has ended; Cancel ends it and keeps every result so far.',
        },
      });
      return true;
    },

    close: async () => {
      if (!(await mayDrop('close it'))) return false;
      set({ current: null, opened: get().opened + 1, dirty: false, error: null, ask: null });
      return true;
    },

    edit: (definition) => {
      const current = get().current;
      if (!current) return;
      set({ current: { ...current, definition }, dirty: true });
    },

    attach: (path) => {
      const current = get().current;
      if (!current) return;
      set({ current: { ...current, path, name: baseName(path), text: null }, dirty: false });
      void get().loadRecent();
    },

    reload: async () => {
      const current = get().current;
      if (!current?.path) return false;
      const result = await call('experiments/open', { file: current.path });
      if (!result.ok) {
        set({ error: result.error });
        return false;
      }
      // Only if it is still the same document and nothing was edited meanwhile.
      const now = get().current;
      if (now?.path !== current.path || get().dirty) return false;
      show(current.path, current.name, result.value, null, true);
      return true;
    },

    loadRecent: async () => {
      const result = await call('experiments/recent', {});
      if (result.ok) set({ recent: result.value.filter((r) => opensAsExperiment(r.file)) });
    },

    answerPath: async (path) => {
      const asked = get().ask;
      set({ ask: null });
      if (!asked || path === null) return false;
      return asked === 'open' ? get().open(path) : get().saveAs(path);
    },

    answerUnsaved: (answer) => unsavedAnswer?.(answer),
  };
});
