// The comparison's what-if requests: the scopes offered, one run per query for the curves, where main reads each run, the settings typed.
import { describe, expect, it } from 'vitest';
import type { RunSide } from '../../../src/shared/runs/run-side';
import type { RunResult } from '../../../src/shared/runs/runs';
import { curveRuns } from '../../../src/shared/whatif/flight';
import {
  parseSettingList,
  runRefs,
  whatIfScopes,
} from '../../../src/renderer/features/compare/utils/whatif-view';
import type { LoadedResults } from '../../../src/renderer/features/compare/utils/compare-view';
import { experiment, runResult } from '../../support/run-fixture';

const run = (runId: string, queryId: string, over: Partial<RunResult> = {}) =>
  runResult({ runId, queryId, variant: 'base', ...over }, 0);

const a1 = run('a1', 'Q1.1', { state: 'complete' });
const a2 = run('a2', 'Q1.1', { state: 'failed', elapsedMs: null });
const a3 = run('a3', 'Q2.1');
const a4 = run('a4', 'Q1.2');
const sideA: RunSide = { label: 'A', runs: [a1, a3, a2, a4] };
const b1 = run('b1', 'Q1.1');
const sideB: RunSide = { label: 'B', runs: [b1] };

function file(name: string, runs: RunResult[], dropped = false): LoadedResults {
  const x = experiment(1);
  return {
    file: name,
    experiment: { ...x, results: runs.map((r) => ({ ...x.results[0]!, run: r })) },
    ...(dropped ? { dropped } : {}),
  };
}

describe('whatIfScopes', () => {
  it('offers every query, then each flight when there are several, then each query', () => {
    expect(whatIfScopes([sideA, sideB]).map((s) => s.id)).toEqual([
      'all',
      'flight:Q1',
      'flight:Q2',
      'query:Q1.1',
      'query:Q2.1',
      'query:Q1.2',
    ]);
    expect(whatIfScopes([sideA, sideB])[0]!.label).toBe('Every query (3)');
    // One query only: nothing to choose beyond it.
    expect(whatIfScopes([sideB]).map((s) => s.id)).toEqual(['all']);
  });
});

describe('curveRuns', () => {
  it("takes one run per query of the scope, in the side's order, the last complete one", () => {
    expect(curveRuns(sideA, 'all').map((r) => r.runId)).toEqual(['a1', 'a3', 'a4']);
    expect(curveRuns(sideA, 'flight:Q1').map((r) => r.runId)).toEqual(['a1', 'a4']);
    expect(curveRuns(sideA, 'query:Q2.1').map((r) => r.runId)).toEqual(['a3']);
    const later = run('a5', 'Q1.1');
    expect(curveRuns({ label: 'A', runs: [a1, later] }, 'all').map((r) => r.runId)).toEqual(['a5']);
  });
});

describe('runRefs', () => {
  it("names each run's results file, or (a run picked from the Runs list) its id alone", () => {
    const out = runRefs([sideA, sideB], [file('/tmp/p1.bplab.json', [a1, a2, a3, a4])]);
    expect(out).toEqual({
      ok: true,
      sides: [
        {
          label: 'A',
          runs: ['a1', 'a3', 'a2', 'a4'].map((runId) => ({ runId, file: '/tmp/p1.bplab.json' })),
        },
        { label: 'B', runs: [{ runId: 'b1' }] },
      ],
    });
  });

  it('refuses in words a run of a file dropped into the page, and a scope with no run', () => {
    const dropped = runRefs([sideB], [file('p1.bplab.json', [b1], true)]);
    expect(dropped.ok).toBe(false);
    if (!dropped.ok)
      expect(dropped.problem).toMatch(/p1\.bplab\.json was dropped into the page.*Open it by its path/);
    expect(runRefs([sideB], [], (s) => curveRuns(s, 'query:Q4.1'))).toEqual({
      ok: false,
      problem: 'No run of the sides is in this scope.',
    });
  });
});

describe('parseSettingList', () => {
  it('reads whole numbers in range, once each, and names the word that is not one', () => {
    expect(parseSettingList('0, 1000 1000', 'innodb_old_blocks_time', 0, 4294967295)).toEqual({
      ok: true,
      values: [0, 1000],
    });
    expect(parseSettingList('37,x', 'innodb_old_blocks_pct', 5, 95)).toEqual({
      ok: false,
      problem: 'innodb_old_blocks_pct takes whole numbers from 5 to 95; "x" is not one.',
    });
    expect(parseSettingList('2', 'innodb_old_blocks_pct', 5, 95).ok).toBe(false);
    expect(parseSettingList(' ', 'innodb_old_blocks_pct', 5, 95)).toEqual({
      ok: false,
      problem: 'Give at least one innodb_old_blocks_pct.',
    });
    expect(parseSettingList('1 2 3 4 5', 'innodb_old_blocks_time', 0, 9).ok).toBe(false);
  });
});
