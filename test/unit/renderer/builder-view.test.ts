/** The experiment builder's view-model: matrix editing, picks, the run count and estimate as you type, and end states in words. */
import { describe, expect, it } from 'vitest';
import {
  addDimension,
  addValues,
  endStateWords,
  issueAt,
  planSummary,
  pollChoices,
  progressView,
  removeValue,
  runCounts,
  resultRows,
  runWords,
  setPoll,
  screenParts,
  startGate,
  toggleQuery,
  toggleServer,
  valuesPlaceholder,
} from '../../../src/renderer/features/experiments/utils/builder-view';
import { emptyDefinition } from '../../../src/renderer/lib/document-files';
import { ExperimentDefinitionSchema } from '../../../src/shared/experiments/experiments';

const base = () =>
  toggleServer(toggleQuery({ ...emptyDefinition(), schema: 'ssb' }, 'Q1.1', 'base'), {
    profileId: 'p1',
    name: 'MariaDB',
    sandboxId: 's1',
  });

describe('builder view', () => {
  it('adds dimensions and values without doubling one, and removes them', () => {
    let d = addDimension(base(), 'innodb_old_blocks_time');
    expect(d.matrix).toEqual([{ kind: 'global', variable: 'innodb_old_blocks_time', values: [] }]);
    d = addValues(d, 0, '1000, 0 1000');
    expect(d.matrix?.[0]?.values).toEqual(['1000', '0']);
    d = removeValue(d, 0, '1000');
    expect(d.matrix?.[0]?.values).toEqual(['0']);
    expect(addDimension(base(), 'innodb_buffer_pool_size').matrix?.[0]?.kind).toBe('buffer-pool-size');
    expect(addDimension(base(), 'innodb_flush_method').matrix?.[0]?.kind).toBe('startup');
  });

  it('counts runs and estimates as the matrix grows (1 query × 2 values × cold + 3 hot)', () => {
    expect(planSummary(base())).toMatchObject({ valid: true, runs: 4, estimatedSec: 10 + 4 * 5 });
    const d = addValues(addDimension(base(), 'innodb_old_blocks_time'), 0, '1000, 0');
    const s = planSummary(d);
    expect(s).toMatchObject({ valid: true, runs: 8, estimatedSec: 2 * 10 + 8 * 5 });
    expect(s.text).toBe('8 runs · about 1:00 (a query counted as 5 s until timed, a restart 10 s)');
  });

  it('says where a draft is incomplete, by path', () => {
    const d = addDimension(toggleQuery(base(), 'Q1.1', 'base'), 'innodb_old_blocks_time');
    const s = planSummary(d);
    expect(s.valid).toBe(false);
    expect(issueAt(s.issues, '$.queries')).toBe('pick at least one query');
    expect(issueAt(s.issues, '$.matrix[0]')).toBe('a dimension needs at least one value');
  });

  it('words progress and end states', () => {
    const p = progressView({
      done: 3,
      total: 12,
      current: { planIndex: 3, cell: 'MariaDB · x=0', pass: 'run 1', queryId: 'Q1.1', variant: 'base' },
      step: 'Q1.1, run 1',
      elapsedSec: 41,
      remainingSec: null,
    });
    expect(p).toMatchObject({
      fraction: 0.25,
      counts: '3 of 12 runs done',
      elapsed: '0:41',
      where: 'Q1.1, run 1 · MariaDB · x=0',
    });
    const setting = { done: 0, total: 12, elapsedSec: 0, remainingSec: null };
    const current = { planIndex: 0, cell: 'MariaDB · x=0', pass: 'cold', queryId: 'Q1.1', variant: 'base' };
    expect(progressView({ ...setting, current, step: 'setting MariaDB · x=0' }).where).toBe(
      'setting MariaDB · x=0',
    );
    expect(runWords({ ...current, variant: 'straight' })).toBe('Q1.1 (straight), cold · MariaDB · x=0');
    expect(p.left).toBe('known after the first run');
    const run = (state: string) => ({ run: { state } }) as never;
    expect(endStateWords({ state: 'complete', error: null }, [run('complete')], 1).text).toBe(
      'Completed: its 1 run done.',
    );
    expect(
      endStateWords({ state: 'complete', error: null }, [run('complete'), run('interrupted')], 2).text,
    ).toBe(
      'Completed, but not every run completed: 1 of 2 runs complete, 1 interrupted; the run that did not complete is kept with what it captured.',
    );
    // Cancelled during the 6th of 16 runs: 5 complete, the 6th kept and said apart, 10 not run.
    const six = [...Array.from({ length: 5 }, () => run('complete')), run('cancelled')];
    expect(endStateWords({ state: 'cancelled', error: null }, six, 16).text).toBe(
      'Cancelled: 5 of 16 runs complete, 1 cancelled, 10 not run; the run that did not complete is kept with what it captured.',
    );
    expect(endStateWords({ state: 'cancelled', error: 'x' }, [run('complete')], 8).text).toBe(
      'Cancelled: 1 of 8 runs complete, 7 not run.',
    );
  });

  it("says one count of a cancelled experiment's runs everywhere (issue 41: 6, 5 and 7 on one screen)", () => {
    const run = (state: string) => ({ run: { state } }) as never;
    const kept = [
      ...Array.from({ length: 4 }, () => run('complete')),
      run('failed'),
      run('failed'),
      run('cancelled'),
    ];
    const counts = runCounts(kept, 12);
    expect(counts).toMatchObject({ complete: 4, failed: 2, cancelled: 1, interrupted: 0, notRun: 5 });
    expect(counts.words).toBe('4 of 12 runs complete, 2 failed, 1 cancelled, 5 not run');
    expect(endStateWords({ state: 'cancelled', error: null }, kept, 12).text).toBe(
      `Cancelled: ${counts.words}; the runs that did not complete are kept with what they captured.`,
    );
  });

  it('offers Start only on main’s verdict for the draft as it is now', () => {
    const draft = base();
    const summary = planSummary(draft);
    const can = { issues: [], runs: 4, estimatedSec: 30, problems: [], canStart: true };
    const cannot = { ...can, problems: ['MariaDB has no dataset ssb'], canStart: false };
    const gate = (over: Partial<Parameters<typeof startGate>[0]>) =>
      startGate({
        summary,
        definition: draft,
        check: can,
        checkedFor: draft,
        checkFailed: false,
        starting: false,
        ...over,
      });
    expect(gate({})).toEqual({ kind: 'ready', canStart: true });
    expect(gate({ starting: true })).toEqual({ kind: 'ready', canStart: false });
    expect(gate({ check: cannot })).toEqual({
      kind: 'cannot',
      canStart: false,
      problems: ['MariaDB has no dataset ssb'],
    });
    // An edit since the check (a new draft object): its verdict waits for the next check.
    expect(gate({ definition: { ...draft, schema: 'ssb_elsewhere' } })).toEqual({
      kind: 'checking',
      canStart: false,
    });
    expect(gate({ checkedFor: null })).toMatchObject({ kind: 'checking', canStart: false });
    expect(gate({ check: null, checkFailed: true })).toMatchObject({ kind: 'unchecked', canStart: false });
    expect(gate({ summary: { valid: false } })).toMatchObject({ kind: 'incomplete', canStart: false });
  });

  it('shows how an experiment ended only on the document it ran into', () => {
    const draft = { file: null };
    const results = { file: { state: 'complete' } };
    const runningOn = (document: number, finished: unknown) => ({ document, finished });
    expect(screenParts({ current: draft, opened: 1, running: null })).toEqual({
      run: false,
      builder: true,
      results: false,
    });
    // While it runs, its progress shows (and no builder) whatever is open.
    expect(screenParts({ current: draft, opened: 2, running: runningOn(1, null) })).toEqual({
      run: true,
      builder: false,
      results: false,
    });
    expect(
      screenParts({ current: results, opened: 1, running: runningOn(1, { state: 'complete' }) }),
    ).toEqual({ run: true, builder: false, results: true });
    // File → New after it ended: the builder, not the old end.
    expect(screenParts({ current: draft, opened: 2, running: runningOn(1, { state: 'complete' }) })).toEqual({
      run: false,
      builder: true,
      results: false,
    });
    expect(screenParts({ current: null, opened: 3, running: null })).toEqual({
      run: false,
      builder: false,
      results: false,
    });
  });

  it('sets how each run polls the pool, and offers a loaded file’s own interval', () => {
    expect(setPoll(base(), '50').poll).toBe(50);
    expect(setPoll(base(), 'off').poll).toBe('off');
    expect(planSummary(setPoll(base(), '50')).valid).toBe(true);
    const values = (d: ReturnType<typeof base>) => pollChoices(d).map((c) => c.value);
    expect(values(base())).toEqual(['auto', '50', '100', '250', '500', '1000', 'off']);
    expect(values({ ...base(), poll: 750 })).toContain('750');
    expect(pollChoices({ ...base(), poll: 750 }).at(-1)?.label).toBe('every 750 ms');
  });

  it('shows a results file’s runs in plan order with their settings whole, the server apart', () => {
    const definition = ExperimentDefinitionSchema.parse(
      addValues(addDimension(base(), 'innodb_old_blocks_time'), 0, '1000, 0'),
    );
    const result = (planIndex: number, cell: string, run = { state: 'complete', error: null }) =>
      ({ planIndex, cell, run }) as never;
    const rows = resultRows({
      definition,
      results: [
        result(1, 'MariaDB · innodb_old_blocks_time=0'),
        result(0, 'MariaDB · innodb_old_blocks_time=1000'),
      ],
    });
    expect(rows.map((r) => [r.server, r.settings, r.why])).toEqual([
      ['MariaDB', 'innodb_old_blocks_time=1000', null],
      ['MariaDB', 'innodb_old_blocks_time=0', null],
    ]);
    // A failed run says why where it is listed (a custom query on another schema: error 1146).
    const failed = resultRows({
      definition,
      results: [
        result(0, 'MariaDB · innodb_old_blocks_time=1000', {
          state: 'failed',
          error: "MariaDB reported error 1146 while running the query: Table 'ssb.orders' doesn't exist.",
        } as never),
      ],
    });
    expect(failed[0]?.why).toBe(
      "MariaDB reported error 1146 while running the query: Table 'ssb.orders' doesn't exist.",
    );
    const own = resultRows({
      definition: ExperimentDefinitionSchema.parse(base()),
      results: [result(0, 'MariaDB')],
    });
    expect(own[0]?.settings).toBe('the server’s own settings');
  });

  it('says what to do next: compare what was kept, or build it again as a new experiment', () => {
    const run = (state: string) => ({ run: { state } }) as never;
    expect(endStateWords({ state: 'complete', error: null }, [run('complete')], 1).next).toBe(
      'Compare shows its runs side by side, the answer first.',
    );
    expect(endStateWords({ state: 'cancelled', error: null }, [run('complete')], 8).next).toBe(
      'Compare shows the runs kept side by side; to run it whole, build it again as a new experiment (New, at the top of this screen), saved to a file of its own.',
    );
    // Nothing kept: nothing to compare.
    expect(endStateWords({ state: 'failed', error: 'the server went away' }, [], 8).next).toBe(
      'Put right what stopped it first. To run it, build it again as a new experiment (New, at the top of this screen), saved to a file of its own.',
    );
    expect(
      endStateWords({ state: 'complete', error: null }, [run('complete'), run('interrupted')], 2).next,
    ).toMatch(
      /^A run that did not complete has figures only for what was captured before it stopped\. Compare/,
    );
  });
});

describe("a matrix dimension's value box", () => {
  it('shows example values that fit what it varies', () => {
    expect(valuesPlaceholder({ kind: 'global', variable: 'innodb_old_blocks_time' })).toBe('values: 1000, 0');
    expect(valuesPlaceholder({ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size' })).toBe(
      'values: 128M, 1G',
    );
    expect(valuesPlaceholder({ kind: 'startup', variable: 'innodb_flush_method' })).toBe(
      'values: fsync, O_DIRECT',
    );
    expect(valuesPlaceholder({ kind: 'dataset', variable: 'dataset' })).toMatch(/^values: dataset schemas/);
    expect(valuesPlaceholder({ kind: 'global', variable: 'innodb_io_capacity' })).toBe(
      'values of innodb_io_capacity, separated by commas',
    );
  });
});
