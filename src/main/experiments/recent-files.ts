/**
 * The experiment files opened or saved lately, newest first, kept in the data folder
 * (`recent-experiments.json`) so the desktop app and browser mode share them. A file that has gone
 * since is still listed, marked missing, so the list says so instead of quietly dropping it. Whoever
 * shows the list (the desktop app's File › Open Recent, the page) hears of each change (onChange).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from '../../shared/zod';
import type { RecentFile } from '../../shared/experiments/experiment-file';
import { writeFileAtomic } from '../files/atomic-file';

const MAX_RECENT = 10;
const StoredRecentSchema = z.array(z.object({ file: z.string().min(1), usedAt: z.string() }));

export class RecentFiles {
  private readonly path: string;

  constructor(
    dataDir: string,
    private readonly onChange: (list: RecentFile[]) => void = () => {},
  ) {
    this.path = join(dataDir, 'recent-experiments.json');
  }

  /** Newest first; each says whether the file is still there. */
  list(): RecentFile[] {
    return this.read().map((r) => ({ ...r, name: basename(r.file), exists: existsSync(r.file) }));
  }

  /** Puts the file at the top (once). A list that cannot be written is not worth failing an open for. */
  add(file: string, now: Date = new Date()): void {
    const rest = this.read().filter((r) => r.file !== file);
    try {
      writeFileAtomic(
        this.path,
        JSON.stringify([{ file, usedAt: now.toISOString() }, ...rest].slice(0, MAX_RECENT), null, 1),
        0o644,
      );
    } catch {
      // The recent list is a convenience: the open or save itself succeeded.
      return;
    }
    this.onChange(this.list());
  }

  forget(file: string): void {
    const rest = this.read().filter((r) => r.file !== file);
    writeFileAtomic(this.path, JSON.stringify(rest, null, 1), 0o644);
    this.onChange(this.list());
  }

  /** Empties the list (File › Open Recent › Clear Recent); the files themselves are untouched. */
  clear(): void {
    writeFileAtomic(this.path, '[]', 0o644);
    this.onChange([]);
  }

  private read(): Array<{ file: string; usedAt: string }> {
    try {
      const parsed = StoredRecentSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
}
