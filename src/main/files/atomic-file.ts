/**
 * Small file helpers shared by the stores that keep bplab's own JSON files (profiles, secrets):
 * a write never leaves a half-written file behind, and a file we could not read is copied aside
 * before anything is written over it.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Writes `text` to a temporary file next to `file`, then renames it over `file` (atomic on one filesystem). */
export function writeFileAtomic(file: string, text: string, mode = 0o600): void {
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(tmp, text, { mode, flush: true });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Copies `file` to `<file>.bad-<timestamp>` (never overwriting an earlier copy) and returns the copy's path.
 * Used before the first write over a file that could not be read, so its content is never lost.
 */
export function keepBadCopy(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let backup = `${file}.bad-${stamp}`;
  for (let n = 2; existsSync(backup); n++) backup = `${file}.bad-${stamp}-${n}`;
  copyFileSync(file, backup);
  return backup;
}
