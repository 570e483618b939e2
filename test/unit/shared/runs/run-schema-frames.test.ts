// A saved run read back keeps what its frames and cost say: when each frame was taken, and the budget.
import { describe, expect, it } from 'vitest';
import { RunResultSchema } from '../../../../src/shared/runs/run-schema';
import { composition, mapFrame, runResult } from '../../../support/run-fixture';

describe('a run file read back', () => {
  it("keeps its frames' moments and the poller's budget", () => {
    const run = runResult();
    run.samples.maps = [
      { ...mapFrame(-20), moment: 'before' },
      mapFrame(900),
      { ...mapFrame(5_000), moment: 'after' },
    ];
    run.samples.compositions = [{ ...composition(-20), moment: 'before' }, composition(900)];
    run.samples.cost = { ...run.samples.cost!, targetShare: 0.05 };
    const parsed = RunResultSchema.parse(JSON.parse(JSON.stringify(run)));
    expect(parsed.samples.maps.map((m) => m.moment)).toEqual(['before', undefined, 'after']);
    expect(parsed.samples.compositions[0]!.moment).toBe('before');
    expect(parsed.samples.cost?.targetShare).toBe(0.05);
  });
});
