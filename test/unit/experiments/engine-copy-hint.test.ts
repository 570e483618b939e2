/** The MyISAM preset's advice when a dataset has no copy in the other engine: a command that can be pasted as it is. */
import { describe, expect, it } from 'vitest';
import { engineCopyHint } from '../../../src/main/experiments/engine-copy-hint';

const ssb = (schema: string, patch: object = {}) => ({
  schema,
  source: 'generated' as const,
  sf: 0.1,
  seed: 1,
  mode: 'dbgen' as const,
  engine: 'InnoDB' as const,
  ...patch,
});

describe('engine copy hint', () => {
  it("gives the dataset's own scale factor and the sandbox it runs on (it said --sf 1 and no target)", () => {
    const hint = engineCopyHint(
      'ssb_sf0_1',
      { label: 'MariaDB 10.11', profileId: 'sandbox-m1', sandboxId: 'm1' },
      [ssb('ssb_sf0_1')],
    );
    expect(hint).toBe(
      'Create the copy in MyISAM: bplab ssb generate --sf 0.1 --seed 1 --engine myisam --schema ssb_sf0_1_myisam --sandbox m1 (or create it in the Datasets form with the same scale factor and seed).',
    );
  });

  it('names a free schema, the other engine, the seed and mode, and a profile when there is no sandbox', () => {
    const hint = engineCopyHint('mine', { label: 'prod', profileId: 'p7' }, [
      ssb('mine', { engine: 'MyISAM', seed: 42, mode: 'spec', sf: 0.01 }),
      ssb('mine_innodb', { state: 'failed', sf: 1 }),
    ]);
    expect(hint).toMatch(
      /--sf 0\.01 --seed 42 --mode spec --engine innodb --schema mine_innodb_2 --profile p7 /,
    );
  });
});
