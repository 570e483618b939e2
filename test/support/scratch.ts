// A scratch folder for one test file, made at once and removed after its tests, with a way to write a file in it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export interface ScratchFolder {
  dir: string;
  /** Writes `content` (text as it is, anything else as JSON) to `name` in the folder; its path. */
  file(name: string, content: unknown): string;
}

export function scratchFolder(prefix: string): ScratchFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
  };
}
