/** eslint.config.mjs keeps src/main's rooms layered (scripts/eslint-main-rooms.mjs). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOMS } from '../../../scripts/eslint-main-rooms.mjs';

const root = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'bplab/main-rooms').map((m) => m.message);
}

describe("src/main's rooms", { timeout: 60_000 }, () => {
  it('refuses a room importing a room above it, naming both', async () => {
    const found = await problems(
      'src/main/db/x.ts',
      "import type { SettingsJournal } from '../server/settings-journal';\nexport type X = SettingsJournal;\n",
    );
    expect(found).toEqual([expect.stringContaining('src/main/db may not import src/main/server')]);
  });

  it('lets a room import rooms below it and its own files', async () => {
    const found = await problems(
      'src/main/server/x.ts',
      "import type { ServerConnection } from '../db/connections';\nimport { readVariables } from './variables';\nexport const x = [readVariables] as unknown as ServerConnection;\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses an import from a folder that is not a known room', async () => {
    const found = await problems('src/main/db/x.ts', "export { y } from '../nowhere/y';\n");
    expect(found).toEqual([expect.stringContaining('src/main/nowhere is not a known room')]);
  });

  it('knows every folder of src/main', () => {
    const folders = readdirSync(join(root, 'src/main'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !ROOMS.includes(f))).toEqual([]);
  });
});
