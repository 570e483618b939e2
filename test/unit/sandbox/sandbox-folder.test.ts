/** Where a sandbox keeps itself: absolute paths, whatever folder bplab was started in. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxFolders } from '../../../src/main/sandbox/sandbox-folder';

const cwd = process.cwd();
afterEach(() => process.chdir(cwd));

describe('SandboxFolders', () => {
  it('makes a relative root absolute: mysqld takes a relative --datadir against its basedir', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-folders-'));
    try {
      process.chdir(dir);
      const folders = new SandboxFolders('data/sandboxes');
      expect(folders.root).toBe(join(dir, 'data', 'sandboxes'));
      expect(isAbsolute(folders.datadir('s1'))).toBe(true);
      expect(folders.filesDir('s1')).toBe(join(dir, 'data', 'sandboxes', 's1', 'files'));
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
