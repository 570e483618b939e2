/**
 * An experiment document and its file, apart from the store that holds the open one: a new draft's
 * definition, the checks before a save or start, the draft's file text, and the save dialog's name.
 */
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
  jsonPath,
  suggestedFileName,
  type ExperimentFile,
} from '../../shared/experiments/experiment-file';
import {
  ExperimentDefinitionSchema,
  defaultProtocol,
  type ExperimentDefinition,
  type ExperimentDefinitionInput,
} from '../../shared/experiments/experiments';
import type { FileDialogs } from '../../shared/contract';
import { err, type Result } from '../../shared/result';

export interface ExperimentDocument {
  /** Where it is saved; null until it is (a new draft, or a file dropped into the page). */
  path: string | null;
  /** What titles show: the file's name, or "Untitled experiment". */
  name: string;
  /** The file as opened or last saved (its results, servers, state); null for a draft never saved. */
  file: ExperimentFile | null;
  /** The definition as edited: the builder's draft (not always valid yet), or the one a results file ran. */
  definition: ExperimentDefinitionInput;
  /** A dropped file's own text, until it is saved somewhere (save as writes it as it is). */
  text: string | null;
}

/** The commands the desktop app's File menu sends (and the page's own buttons). */
export type FileCommand = 'file.new' | 'file.open' | 'file.save' | 'file.saveAs' | 'file.close';

/** What the page must ask the user itself (browser mode has no OS dialogs): a path to open or save to. */
export type PathRequest = 'open' | 'save-as';

export interface UnsavedQuestion {
  /** What would drop the edits: "open another file". */
  action: string;
  /** The document's name, for the question's words. */
  name: string;
}

export const UNTITLED = 'Untitled experiment';

/** A new experiment's definition: defaults everywhere, nothing picked yet. */
export function emptyDefinition(): ExperimentDefinitionInput {
  return {
    name: 'New experiment',
    description: '',
    schema: '',
    queries: [],
    servers: [],
    matrix: [],
    protocol: defaultProtocol(),
    poll: 'auto',
  };
}

/** "/a/b/post001.bplab.json" → "post001.bplab.json" (either separator: the path is main's). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** A draft's definition checked for saving or starting; the first problem names its path. */
export function checkedDefinition(
  definition: ExperimentDefinitionInput,
  verdict = 'is not complete',
): Result<ExperimentDefinition> {
  const parsed = ExperimentDefinitionSchema.safeParse(definition);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return err('INVALID_ARGUMENT', `The experiment ${verdict}: at ${jsonPath(issue.path)}, ${issue.message}.`);
}

/** The file text of a draft: its definition and no results, in the one file format. */
export function draftFileText(
  definition: ExperimentDefinition,
  bplabVersion: string,
  now = new Date(),
): string {
  const file = draftFile(definition, bplabVersion, now);
  return `${JSON.stringify(file, null, 1)}\n`;
}

export function draftFile(definition: ExperimentDefinition, bplabVersion: string, now: Date): ExperimentFile {
  return {
    format: EXPERIMENT_FILE_FORMAT,
    version: EXPERIMENT_FILE_VERSION,
    savedAt: now.toISOString(),
    bplabVersion,
    state: 'draft',
    definition,
    servers: definition.servers.map((s) => ({ label: s.label, capabilities: null })),
    results: [],
  };
}

/** The desktop app's OS dialogs, when the preload gave them (read through globalThis: tests run under Node). */
export function dialogs(): FileDialogs | undefined {
  return (globalThis as { window?: { bplabFiles?: FileDialogs } }).window?.bplabFiles;
}

/** The file name a save dialog proposes for the document. */
export function proposedName(doc: ExperimentDocument | null): string {
  return doc?.path ? baseName(doc.path) : suggestedFileName(String(doc?.definition.name ?? ''));
}
