/**
 * reports/open, the Compare screen's one way in: an experiment file as the experiment reader gives it,
 * a `bplab load` result and a `bplab load --during` result by what they hold, and anything else with
 * the experiment reader's own words (a damaged load result with its own).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportHandlers } from '../../../src/main/api/handlers/reports';
import type { ExperimentService } from '../../../src/main/experiments/experiment-service';
import { AppFailure } from '../../../src/shared/result';
import { result as loadResult, step } from '../../support/load-fixture';
import { result as mixedResult, side } from './mixed-fixture';

const dir = mkdtempSync(join(tmpdir(), 'bplab-open-results-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** The experiment reader's part: it reads experiment files only (its own tests cover how). */
const experiments = {
  open: (path: string) => {
    if (path.endsWith('.bplab.json')) return { format: 'experiment', path };
    throw AppFailure.of('FILE_MALFORMED', `${path} at $.format: this is not a bplab experiment file`);
  },
} as unknown as ExperimentService;
/** reports/open uses the experiment reader only; the replay's task registry and thread stay out of it. */
const deps = { experiments } as Parameters<typeof reportHandlers>[1];
const open = (path: string) => reportHandlers('t', deps)['reports/open']({ file: path });

describe('reports/open', () => {
  it('opens an experiment file, a load result and a mixed result, each by what it holds', async () => {
    expect(await open(file('e.bplab.json', '{}'))).toEqual({
      kind: 'experiment',
      experiment: { format: 'experiment', path: join(dir, 'e.bplab.json') },
    });
    const load = loadResult([step(1, 1000, 1), step(4, 3000, 2)]);
    expect(await open(file('l.bplab-load.json', JSON.stringify(load)))).toEqual({
      kind: 'load',
      result: load,
    });
    const mixed = mixedResult([side(0, [1, 2], [0, 500], [10])]);
    expect(await open(file('m.json', JSON.stringify(mixed)))).toEqual({ kind: 'mixed', result: mixed });
  });

  it("says what is wrong in words: the experiment reader's for another file, its own for a damaged load result", async () => {
    const other = file('o.json', '{"hello":1}');
    await expect(open(other)).rejects.toThrow(`${other} at $.format: this is not a bplab experiment file`);
    const damaged = file('d.json', '{"kind":"bplab-oltp-load","steps":"no"}');
    await expect(open(damaged)).rejects.toThrow(
      `${damaged} is a bplab load result bplab cannot read (it may be damaged).`,
    );
  });
});
