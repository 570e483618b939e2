/** eslint.config.mjs keeps src/shared's rooms layered (SHARED_ROOMS in scripts/eslint-main-rooms.mjs) and main off the renderer. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SHARED_ROOMS } from '../../../scripts/eslint-main-rooms.mjs';

const root = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string, rule = 'bplab/shared-rooms'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe("src/shared's rooms", { timeout: 60_000 }, () => {
  it('refuses a lower room importing a higher one, naming both', async () => {
    const found = await problems(
      'src/shared/runs/x.ts',
      "import { compareSides } from '../compare/comparison';\nexport const x = compareSides;\n",
    );
    expect(found).toEqual([expect.stringContaining('src/shared/runs may not import src/shared/compare')]);
  });

  it('refuses what every room uses importing a room (the top files other than the contract and the models)', async () => {
    const found = await problems('src/shared/format.ts', "export { queryLabel } from './runs/run-side';\n");
    expect(found).toEqual([expect.stringContaining('src/shared/base may not import src/shared/runs')]);
  });

  it('refuses the models importing a room above them, and lets the contract import every room', async () => {
    expect(await problems('src/shared/models.ts', "export type { RunResult } from './runs/runs';\n")).toEqual(
      [expect.stringContaining('src/shared/models may not import src/shared/runs')],
    );
    expect(
      await problems('src/shared/contract.ts', "export type { Comparison } from './compare/comparison';\n"),
    ).toEqual([]);
  });

  it('lets a room import rooms below it, the top files and its own files', async () => {
    const found = await problems(
      'src/shared/whatif/x.ts',
      "import type { RunResult } from '../runs/runs';\nimport { formatCount } from '../format';\nimport type { ServerFlavor } from '../models';\nimport { replay } from './replay';\nexport const x = [formatCount, replay] as unknown as RunResult | ServerFlavor;\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses an import from a folder that is not a known room', async () => {
    const found = await problems('src/shared/runs/x.ts', "export { y } from '../nowhere/y';\n");
    expect(found).toEqual([expect.stringContaining('src/shared/nowhere is not a known room')]);
  });

  it('knows every folder of src/shared', () => {
    const folders = readdirSync(join(root, 'src/shared'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !SHARED_ROOMS.includes(f))).toEqual([]);
  });

  it('keeps at the top only the contract, the models and what every room uses', () => {
    const top = readdirSync(join(root, 'src/shared'), { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name)
      .sort();
    expect(top).toEqual([
      'byte-size.ts',
      'contract.ts',
      'file-text.ts',
      'format.ts',
      'issue-words.ts',
      'models.ts',
      'result.ts',
      'text-wrap.ts',
      'zod.ts',
    ]);
  });
});

describe('src/main and src/renderer', { timeout: 60_000 }, () => {
  it('refuses src/main importing src/renderer, in a service room and in the desktop shell', async () => {
    const code = "import { api } from '../../renderer/lib/api';\nexport const x = api;\n";
    for (const file of ['src/main/db/x.ts', 'src/main/electron/x.ts']) {
      expect(await problems(file, code, 'no-restricted-imports')).toEqual([
        expect.stringContaining('src/main never imports src/renderer'),
      ]);
    }
  });
});
