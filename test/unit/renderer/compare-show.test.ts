/**
 * A finished experiment's Compare shows that experiment: after another file was compared, its own
 * sides are the ones chosen (and so its headline), not the first file's kept from before.
 */
import { describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import { createCompareStore } from '../../../src/renderer/features/compare/stores/compare-store';
import {
  configurationChoices,
  comparisonView,
  type LoadedResults,
} from '../../../src/renderer/features/compare/utils/compare-view';
import { experiment } from '../../support/run-fixture';

/** A results file of two configurations, `values` of one setting, two runs each. */
function results(file: string, variable: string, values: [string, string]): LoadedResults {
  const x = experiment(4);
  x.definition = {
    ...x.definition,
    name: `${variable} ${values.join(' vs ')}`,
    matrix: [{ kind: 'global', variable, values: [...values] }],
  };
  x.results = x.results.map((r, i) => ({
    ...r,
    cell: `MySQL 5.6 · ${variable}=${values[i < 2 ? 0 : 1]}`,
    pass: i % 2 === 0 ? { kind: 'cold' as const } : { kind: 'hot' as const, n: 1 },
    run: { ...r.run, runId: `${file}-${i}` },
  }));
  return { file, experiment: x };
}

const A = results('/data/old-blocks-time.bplab.json', 'innodb_old_blocks_time', ['1000', '0']);
const B = results('/data/myisam-innodb.bplab.json', 'key_buffer_size', ['8388608', '33554432']);

describe("a finished experiment's Compare", () => {
  it("shows that experiment's sides and headline, after another experiment was compared", async () => {
    setApi({
      invoke: (() => Promise.resolve({ ok: true, value: [] })) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const s = createCompareStore({
      open: (file): Promise<Result<LoadedResults>> =>
        Promise.resolve({ ok: true, value: file === A.file ? A : B }),
      parse: () => Promise.reject(new Error('not dropped')),
    });
    await s.getState().show(A.file);
    expect(s.getState().chosen).toEqual(configurationChoices([A]).map((c) => c.label));
    await s.getState().show(B.file);
    const own = configurationChoices([B]).map((c) => c.label);
    expect(own).toEqual(['key_buffer_size=8388608', 'key_buffer_size=33554432']);
    expect(s.getState().chosen).toEqual(own);
    expect(s.getState().files.map((f) => f.file)).toEqual([B.file]);
    const { files, chosen, grouping, picked } = s.getState();
    const shown = comparisonView(files, chosen, grouping, picked);
    expect(shown.ok && shown.view.headlines.join(' ')).toContain('key_buffer_size=33554432');
    expect(shown.ok && shown.view.headlines.join(' ')).not.toContain('innodb_old_blocks_time');
  });
});
