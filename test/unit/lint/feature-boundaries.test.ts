/** eslint.config.mjs keeps the renderer's feature folders apart (scripts/eslint-feature-boundaries.mjs). */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'bplab/feature-boundaries')
    .map((m) => m.message);
}

describe('feature boundaries', { timeout: 60_000 }, () => {
  it('refuses one feature importing another', async () => {
    const found = await problems(
      'src/renderer/features/datasets/components/X.tsx',
      "import { useSandboxes } from '../../sandboxes/stores/sandboxes-store';\nexport const x = useSandboxes;\n",
    );
    expect(found).toEqual([
      expect.stringContaining('The datasets feature may not import the sandboxes feature'),
    ]);
  });

  it('refuses a re-export from another feature too', async () => {
    const found = await problems(
      'src/renderer/features/datasets/utils/x.ts',
      "export { sandboxRow } from '../../sandboxes/utils/sandbox-view';\n",
    );
    expect(found).toHaveLength(1);
  });

  it('refuses shared code (lib, components) importing a feature', async () => {
    const found = await problems(
      'src/renderer/lib/x.ts',
      "import { useDatasets } from '../features/datasets/stores/datasets-store';\nexport const x = useDatasets;\n",
    );
    expect(found).toEqual([expect.stringContaining('Shared renderer code may not import a feature')]);
  });

  it("allows a feature's own files, lib, components and shared, and the shell's registry", async () => {
    expect(
      await problems(
        'src/renderer/features/datasets/components/X.tsx',
        [
          "import { useDatasets } from '../stores/datasets-store';",
          "import { call } from '../../../lib/api';",
          "import { Field } from '../../../components/Field';",
          "import type { DatasetInfo } from '../../../../shared/datasets';",
          'export const x = [useDatasets, call, Field] as unknown as DatasetInfo;',
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/renderer/app/x.ts',
        "import { useDatasets } from '../features/datasets/stores/datasets-store';\nexport const x = useDatasets;\n",
      ),
    ).toEqual([]);
  });
});
