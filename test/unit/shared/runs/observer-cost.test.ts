// A run's observer cost: what it records from the poller and INNODB_METRICS, its one line of words, and the comparison's finding when two sides were watched differently.
import { describe, expect, it } from 'vitest';
import { watchedDifferentlyRule } from '../../../../src/shared/compare/rules-observer';
import { observerCostOf, observerCostWords } from '../../../../src/shared/runs/observer-cost';
import type {
  InnodbMetricsCapture,
  ObserverCost,
  PollerCost,
  RunResult,
} from '../../../../src/shared/runs/runs';
import { mapFrame, runResult } from '../../../support/run-fixture';
import { pair } from '../compare/findings-pairs';

const poller: PollerCost = {
  intervalMs: 250,
  adaptive: false,
  snapshots: 12,
  meanSnapshotMs: 75.5,
  maxSnapshotMs: 90,
  serverShare: 0.031,
};
const metrics = (batches: number, activity = 3): InnodbMetricsCapture => ({
  counters: [
    { subsystem: 'adaptive_hash_index', name: 'adaptive_hash_searches', delta: 10 },
    { subsystem: 'buffer', name: 'buffer_LRU_batches_evict', delta: batches },
    { subsystem: 'server', name: 'innodb_activity_count', delta: activity },
  ],
  enabledForRun: [],
  note: '',
});
const watched = (o: Partial<ObserverCost>, over: Partial<RunResult> = {}): RunResult =>
  runResult({
    ...over,
    observer: {
      poll: 250,
      snapshots: 12,
      intervalMs: 250,
      snapshotMs: 906,
      share: 0.031,
      lruBatches: 0,
      activityMarks: 0,
      ...o,
    },
  });
const mariadb = (r: RunResult): RunResult => ({ ...r, server: { ...r.server, flavor: 'mariadb' } });

describe('what a run records', () => {
  it('takes the snapshots, the time inside them and the share from the poller, the batches from INNODB_METRICS', () => {
    expect(observerCostOf(250, poller, metrics(2), 'mysql')).toEqual({
      poll: 250,
      snapshots: 12,
      intervalMs: 250,
      snapshotMs: 906,
      share: 0.031,
      lruBatches: 2,
      activityMarks: 3,
    });
  });

  it('records no snapshot when the run did not poll, and no batch count on MariaDB or without the counter', () => {
    expect(observerCostOf('off', null, metrics(0), 'mysql')).toMatchObject({
      snapshots: 0,
      intervalMs: null,
      snapshotMs: 0,
      lruBatches: 0,
    });
    expect(observerCostOf('auto', poller, metrics(4), 'mariadb')).toMatchObject({ lruBatches: null });
    expect(observerCostOf('auto', poller, undefined, 'mysql')).toMatchObject({
      lruBatches: null,
      activityMarks: null,
    });
  });
});

describe('the line on the result view', () => {
  it('says the snapshots, their cadence, the time inside them, the share and MySQL\u2019s batches', () => {
    expect(observerCostWords(watched({ lruBatches: 1 }))).toBe(
      '12 LRU snapshots every 250 ms, 906 ms inside them; the poller took 3.10% of the run; MySQL\u2019s page cleaner ran 1 LRU batch during it.',
    );
    expect(observerCostWords(watched({ poll: 'auto', intervalMs: 3750, snapshots: 1, snapshotMs: 75 }))).toBe(
      '1 LRU snapshot every 3.75 s (auto), 75.0 ms inside them; the poller took 3.10% of the run; MySQL\u2019s page cleaner ran 0 LRU batches during it.',
    );
  });

  it('leaves the batches out on MariaDB and says when they were not counted', () => {
    expect(observerCostWords(mariadb(watched({ lruBatches: null })))).toBe(
      '12 LRU snapshots every 250 ms, 906 ms inside them; the poller took 3.10% of the run.',
    );
    expect(observerCostWords(watched({ lruBatches: null }))).toContain(
      '; the page cleaner\u2019s LRU batches were not counted.',
    );
  });

  it('says when the run was not watched, when no snapshot fell in it, and when it was saved before bplab recorded it', () => {
    expect(
      observerCostWords(watched({ poll: 'off', snapshots: 0, intervalMs: null, snapshotMs: 0, share: 0 })),
    ).toBe('Not watched while it ran (polling off); MySQL\u2019s page cleaner ran 0 LRU batches during it.');
    expect(observerCostWords(watched({ snapshots: 0, snapshotMs: 0, share: 0.004 }))).toBe(
      'No LRU snapshot fell during the statement every 250 ms; the poller\u2019s cheaper reads took 0.40% of the run; MySQL\u2019s page cleaner ran 0 LRU batches during it.',
    );
    expect(observerCostWords(runResult())).toBe(
      'Not recorded: a run saved before bplab recorded what watching it cost.',
    );
  });
});

describe('the line of a run that kept its walks before and after as frames', () => {
  const framed = (o: Partial<ObserverCost>, during: number): RunResult => {
    const r = watched({ poll: 'auto', intervalMs: 1200, snapshots: during, ...o });
    const frames = [
      { ...mapFrame(-15), moment: 'before' as const },
      ...Array.from({ length: during }, (_, i) => mapFrame(400 * (i + 1))),
      { ...mapFrame(7_900), moment: 'after' as const },
    ];
    return { ...r, samples: { ...r.samples, maps: frames, cost: { ...r.samples.cost!, targetShare: 0.05 } } };
  };

  it('counts the frames once, says which were outside the query, and states one share beside the budget', () => {
    expect(observerCostWords(framed({ snapshotMs: 87, share: 0.031, lruBatches: 0 }, 4))).toBe(
      '6 LRU frames: one before the query, 4 during it (87.0 ms inside them), one after; the poller took 3.10% of the query\u2019s time (auto keeps it near 5%); MySQL\u2019s page cleaner ran 0 LRU batches during it.',
    );
    expect(observerCostWords(mariadb(framed({ snapshots: 0, snapshotMs: 0, share: 0.004 }, 0)))).toBe(
      '2 LRU frames: one before the query, none during it, one after; the poller took 0.40% of the query\u2019s time (auto keeps it near 5%).',
    );
  });

  it('names a fixed interval as the walks’ cadence', () => {
    expect(observerCostWords(mariadb(framed({ poll: 250, snapshotMs: 906, share: 0.2 }, 12)))).toBe(
      '14 LRU frames: one before the query, 12 during it (906 ms inside them), one after; the poller took 20.0% of the query\u2019s time (a walk every 250 ms).',
    );
  });
});

describe('a comparison whose sides were watched differently', () => {
  it('warns when one side was watched and the other not, with both sides\u2019 batches', () => {
    const off = watched({ poll: 'off', snapshots: 0, intervalMs: null, snapshotMs: 0, share: 0 });
    const [f] = watchedDifferentlyRule(pair(watched({ lruBatches: 5 }), off));
    expect(f?.kind).toBe('warning');
    expect(f?.text).toBe(
      "A and B were watched differently (12 LRU snapshots every 250 ms against polling off); MySQL's page cleaner ran 5 LRU batches during A and 0 during B: a snapshot takes the server's time, so part of the difference may be the watching",
    );
    expect(f?.tableId).toBe('p1-summary');
  });

  it('names another snapshot count under the same setting as a difference, not a warning', () => {
    const [f] = watchedDifferentlyRule(pair(watched({ snapshots: 12 }), watched({ snapshots: 9 })));
    expect(f?.kind).toBe('difference');
    expect(f?.text).toContain('(12 LRU snapshots every 250 ms against 9 LRU snapshots every 250 ms)');
  });

  it('says nothing of the watching where a side is MyISAM: it has no buffer pool LRU to watch', () => {
    const off = watched({ poll: 'off', snapshots: 0, intervalMs: null, snapshotMs: 0, share: 0 });
    const myisam = {
      ...off,
      dataset: { schema: 'ssb_my', sf: 1, source: 'generated' as const, engine: 'MyISAM' as const },
    };
    expect(watchedDifferentlyRule(pair(watched({ snapshots: 1 }), myisam))).toEqual([]);
  });

  it('stays quiet when both were watched alike, or a side did not record it', () => {
    expect(watchedDifferentlyRule(pair(watched({}), watched({ lruBatches: 3 })))).toEqual([]);
    expect(watchedDifferentlyRule(pair(watched({}), runResult()))).toEqual([]);
  });
});
