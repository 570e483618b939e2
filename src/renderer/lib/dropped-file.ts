/**
 * A file dropped into the page, one way for every screen that takes one: the desktop app gives its
 * path (main reads it), browser mode reads its text (main parses it); a file that is too large,
 * binary or not JSON is refused in words before anything is sent. No DOM or React here (tested under Node).
 */
import { MAX_UPLOAD_CHARS } from '../../shared/experiments/experiment-file';
import { jsonProblem } from '../../shared/file-text';
import type { AppError } from '../../shared/result';
import { dialogs } from './document-files';

/** A dropped file as main can take it: by its path (desktop app), by its text, or refused in words. */
export type DroppedFile =
  | { kind: 'path'; name: string; path: string }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'refused'; name: string; error: AppError };

/** What a dropped file is said to need to be, in refusals: "a bplab results file". */
export type DropWhat = string;

/** Why a dropped file that is too large to send cannot be taken, or null when its size is fine. */
export function tooLargeToDrop(name: string, size: number): AppError | null {
  if (size <= MAX_UPLOAD_CHARS) return null;
  return {
    code: 'FILE_MALFORMED',
    message: `${name} is too large to drop into the page (${Math.round(size / 1024 / 1024)} MB; up to ${MAX_UPLOAD_CHARS / 1024 / 1024} MB).`,
    hint: 'Open it by its path instead.',
  };
}

/** A dropped file's text checked to be JSON: refused in words (binary, empty, not JSON at line L), never echoed. */
export function droppedText(name: string, text: string, what: DropWhat): DroppedFile {
  const found = jsonProblem(text);
  if (!found) return { kind: 'text', name, text };
  return {
    kind: 'refused',
    name,
    error: {
      code: 'FILE_MALFORMED',
      message: `${name} is not ${what}: ${found.problem}.`,
      hint: `Drop ${what} (*.bplab.json) saved by bplab.`,
    },
  };
}

/** The part of a DOM File read here. */
export interface DroppedBlob {
  name: string;
  size: number;
  text(): Promise<string>;
}

/** Reads one dropped file: its path in the desktop app, else its text (checked). */
export async function readDroppedFile(file: DroppedBlob, what: DropWhat): Promise<DroppedFile> {
  const path = dialogs()?.pathOf(file) ?? null;
  if (path) return { kind: 'path', name: file.name, path };
  const large = tooLargeToDrop(file.name, file.size);
  if (large) return { kind: 'refused', name: file.name, error: large };
  return droppedText(file.name, await file.text(), what);
}
