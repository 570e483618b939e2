// The Runs list tells runs apart: the server, the pool, the settings that differ, the experiment, traced.
import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../../src/main/runs/run-store';
import { runListRows } from '../../../src/renderer/features/runs/utils/run-view';
import type { RunResult } from '../../../src/shared/runs/runs';
import { runResult } from '../../support/run-fixture';

const run = (over: Partial<RunResult['server']>, extra: Partial<RunResult> = {}): RunResult => {
  const r = runResult(extra);
  return { ...r, server: { ...r.server, ...over } };
};

describe('a saved run as the list shows it', () => {
  it('says its server, pool, the settings it ran with, its experiment and whether it was traced', () => {
    const s = summaryOf(
      run(
        { flavor: 'mysql', version: '8.0.31', bufferPoolSizeBytes: 32 * 1024 * 1024, oldBlocksTimeMs: 0 },
        {
          experiment: {
            name: 'post001',
            configuration: 'Sandbox demo · innodb_old_blocks_time=0',
            pass: 'cold',
          },
          pageTrace: { requests: 10 } as RunResult['pageTrace'],
        },
      ),
    );
    expect(s).toMatchObject({
      server: 'MySQL 8.0.31',
      poolBytes: 32 * 1024 * 1024,
      experiment: { name: 'post001', pass: 'cold' },
      traced: true,
    });
    expect(s.settings).toContainEqual({ name: 'innodb_old_blocks_time', value: '0 ms' });
  });
});

describe('the Runs list', () => {
  it('names on each row the settings the runs listed do not share, and only those', () => {
    const rows = runListRows([
      summaryOf(
        run(
          { oldBlocksTimeMs: 1000 },
          {
            experiment: {
              name: 'post001',
              configuration: 'demo · innodb_old_blocks_time=1000',
              pass: 'run 1',
            },
          },
        ),
      ),
      summaryOf(run({ oldBlocksTimeMs: 0 })),
      summaryOf(run({ oldBlocksTimeMs: 0, bufferPoolSizeBytes: 64 * 1024 * 1024 })),
    ]);
    expect(rows.map((r) => r.settings)).toEqual([
      ['old_blocks_time 1000\u00a0ms'],
      ['old_blocks_time 0\u00a0ms'],
      ['old_blocks_time 0\u00a0ms'],
    ]);
    expect(rows[0]!.where).toMatch(/^MySQL 5\.6\.\d+ · 128\u00a0MiB pool$/);
    expect(rows[2]!.where).toMatch(/ · 64\u00a0MiB pool$/);
    expect(rows[0]!.experiment).toBe('post001: demo · innodb_old_blocks_time=1000, run 1');
    expect(rows[1]!.experiment).toBeNull();
    expect(rows.map((r) => r.traced)).toEqual([false, false, false]);
  });

  it("names the server by its version's numbers, not the whole version string", () => {
    expect(summaryOf(run({ flavor: 'mariadb', version: '10.11.19-MariaDB-0+deb12u1' })).server).toBe(
      'MariaDB 10.11.19',
    );
  });

  it('still lists a run saved before bplab summarised it so', () => {
    const {
      server: _s,
      poolBytes: _p,
      settings: _x,
      experiment: _e,
      traced: _t,
      ...old
    } = summaryOf(run({}));
    const [row] = runListRows([old as never]);
    expect(row).toMatchObject({ where: '', settings: [], experiment: null, traced: false });
  });
});
