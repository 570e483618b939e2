import { describe, expect, it } from 'vitest';
import {
  INDEX_WEIGHT,
  ProgressMeter,
  type DatasetLoadProgress,
} from '../../../src/main/ssb/dataset-load-progress';

/** A meter on a clock the test moves. */
function meter() {
  let now = 0;
  const seen: DatasetLoadProgress[] = [];
  const m = new ProgressMeter(
    (p) => seen.push(p),
    () => now,
    250,
  );
  return { m, seen, at: (ms: number) => (now = ms) };
}

describe('ProgressMeter', () => {
  it('reports rows, the loading rate, the fraction and the time left', () => {
    const { m, at } = meter();
    m.expect('lineorder', 1000, true);
    m.expect('dim_date', 100, false);
    at(1000);
    m.rowsLoaded('dim_date', 100);
    at(3000);
    m.rowsLoaded('lineorder', 500);
    const p = m.snapshot('loading', 'lineorder', 'Loading lineorder');
    expect(p.rows).toBe(600);
    expect(p.totalRows).toBe(1100);
    // 600 rows between the first rows (1 s) and the latest (3 s).
    expect(p.rowsPerSec).toBe(300);
    // dim_date gets no keys: only lineorder has an index build ahead.
    const work = 1100 + 1000 * INDEX_WEIGHT;
    expect(p.fraction).toBeCloseTo(600 / work);
    expect(p.etaSec).toBeCloseTo((3 * (1 - 600 / work)) / (600 / work));
  });

  it('counts the index build once a table has its keys, and only reaches 1 when done', () => {
    const { m, at } = meter();
    m.expect('lineorder', 1000, true);
    at(2000);
    m.rowsLoaded('lineorder', 1000);
    const loaded = m.snapshot('indexing', 'lineorder', '').fraction;
    m.tableIndexed('lineorder');
    const indexed = m.snapshot('finishing', null, '').fraction;
    expect(loaded).toBeCloseTo(1 / (1 + INDEX_WEIGHT));
    expect(indexed).toBeLessThan(1);
    expect(indexed).toBeGreaterThan(0.99);
    expect(m.snapshot('done', null, '').fraction).toBe(1);
  });

  it('grows its total when a table holds more rows than estimated (an import)', () => {
    const { m, at } = meter();
    m.expect('lineorder', 100, true);
    at(1000);
    m.rowsLoaded('lineorder', 250);
    expect(m.snapshot('loading', 'lineorder', '').totalRows).toBe(250);
  });

  it('emits at most every 250 ms unless forced', () => {
    const { m, seen, at } = meter();
    m.expect('lineorder', 10, true);
    at(1000);
    m.report('loading', 'lineorder', 'a');
    at(1100);
    m.report('loading', 'lineorder', 'b');
    m.report('indexing', 'lineorder', 'c', true);
    at(1400);
    m.report('indexing', 'lineorder', 'd');
    expect(seen.map((p) => p.message)).toEqual(['a', 'c', 'd']);
  });
});
