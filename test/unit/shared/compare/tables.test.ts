import { describe, expect, it } from 'vitest';
import { compareSides, comparePair } from '../../../../src/shared/compare/comparison';
import {
  explainTable,
  lruTable,
  pairTables,
  planDiffTables,
  poolTable,
  queryTimesTable,
  settingsTable,
  stagesTable,
  statusTable,
} from '../../../../src/shared/compare/tables';
import {
  baseRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../../support/post001';
import { timedStage } from '../../../../src/shared/runs/runs';
import { cellClass, hasLongWord } from '../../../../src/shared/compare/report-table';

const texts = (row: Array<{ text: string }> | undefined) => row?.map((c) => c.text);
const pair = (a = lineorderFirstOb1000(), b = lineorderFirstOb0()) =>
  comparePair({ label: 'A', run: a, ordinal: 1, of: 1 }, { label: 'B', run: b, ordinal: 1, of: 1 }, 'p1');

describe('comparison tables', () => {
  it('time per query: a column per side, ratio and difference against the first, a total line', () => {
    const q = (queryId: string, elapsedMs: number | null) =>
      baseRun({ queryId, variant: 'base', elapsedMs, state: elapsedMs === null ? 'failed' : 'complete' });
    const t = queryTimesTable(
      compareSides([
        { label: '5.5', runs: [q('Q1.1', 1000), q('Q1.2', 2000)] },
        { label: '5.6', runs: [q('Q1.1', 1500), q('Q1.1', 2500), q('Q1.2', null)] },
      ]),
    );
    expect(t.columns.map((c) => c.label)).toEqual(['query', '5.5', '5.6', '5.6 / 5.5', '5.6 − 5.5']);
    expect(texts(t.rows[0])).toEqual(['Q1.1', '1.00 s', '2.00 s (median of 2)', '2.0×', '+1.00 s']);
    expect(texts(t.rows[1])).toEqual(['Q1.2', '2.00 s', 'no complete run (1)', '—', '—']);
    expect(texts(t.rows[2])).toEqual(['total', '1.00 s', '2.00 s', '2.0×', '+1.00 s']);
    expect(t.rows[0]?.[2]?.value).toBe(2000);
    expect(t.note).toContain('The total counts the 1 query every side completed.');
  });

  it('settings: sizes in binary units, and the differing ones marked', () => {
    const t = settingsTable(
      compareSides([
        { label: 'A', runs: [lineorderFirstOb1000()] },
        { label: 'B', runs: [lineorderFirstOb0()] },
      ]),
    );
    const row = (label: string) => t.rows.find((r) => r[0]?.text === label);
    expect(texts(row('innodb_buffer_pool_size'))).toEqual(['innodb_buffer_pool_size', '128 MiB', '128 MiB']);
    expect(row('innodb_buffer_pool_size')?.[1]?.differs).toBeUndefined();
    expect(row('innodb_old_blocks_time')?.map((c) => c.differs)).toEqual([undefined, true, true]);
  });

  it('status counters: the global ones say so', () => {
    const t = statusTable(pair(lineorderFirstOb1000(), dimDateFirstOb1000()));
    expect(texts(t.rows.find((r) => r[0]?.text === 'Innodb_pages_read'))).toEqual([
      'Innodb_pages_read',
      'global',
      '38,961',
      '191,570',
      '+152,609',
      '4.9×',
    ]);
  });

  it("stage profile: the post's columns, largest difference first, empty CPU from performance_schema", () => {
    const t = stagesTable(pair());
    expect(texts(t.rows[0])).toEqual([
      'Sending data',
      '33.8 s',
      '7.52 s',
      '40.2 s',
      '13.0 s',
      '4,979',
      '21,399',
      '0',
      '0',
      '90',
      '90',
    ]);
    const ps = baseRun({
      profile: {
        source: 'performance-schema',
        note: '',
        stages: [timedStage('executing', 3)],
      },
    });
    expect(texts(stagesTable(pair(ps, ps)).rows[0])).toEqual([
      'executing',
      '3.00 ms',
      '3.00 ms',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
    ]);
  });

  it('LRU: pages, old, young and share of the pool for A and B', () => {
    const t = lruTable(pair());
    expect(texts(t.rows[0])).toEqual([
      'lineorder',
      'GEN_CLUST_INDEX',
      '6,909',
      '7,085',
      '2,559',
      '2,547',
      '4,350',
      '4,538',
      '84.3%',
      '86.5%',
    ]);
    expect(texts(t.rows.find((r) => r[1]?.text === 'LO_PartKey'))).toEqual([
      'lineorder',
      'LO_PartKey',
      '17',
      '0',
      '0',
      '0',
      '17',
      '0',
      '0.21%',
      '0.0%',
    ]);
    expect(lruTable(pair(lineorderFirstOb1000(), baseRun())).note).toContain(
      'No composition after the run for B.',
    );
  });

  it("pool stats: the post's two columns, plus each counter's change during the run", () => {
    const t = poolTable(pair());
    expect(texts(t.rows.find((r) => r[0]?.text === 'PAGES_MADE_YOUNG'))).toEqual([
      'PAGES_MADE_YOUNG',
      '3',
      '29,501',
      '3',
      '29,501',
    ]);
    expect(texts(t.rows.find((r) => r[0]?.text === 'FREE_BUFFERS'))).toEqual([
      'FREE_BUFFERS',
      '1,024',
      '1,024',
      '',
      '',
    ]);
  });

  it('EXPLAIN: differing fields marked, the join order named', () => {
    const t = explainTable(pair(lineorderFirstOb1000(), dimDateFirstOb1000()));
    expect(t.note).toBe('The join order differs: A lineorder → dim_date; B dim_date → lineorder.');
    const lo = t.rows.find((r) => r[0]?.text === 'lineorder');
    expect(texts(lo)).toEqual([
      'lineorder',
      'ALL',
      'ref',
      '(none)',
      'LO_OrderDateKey',
      '5,996,539',
      '2,837',
      'Using where',
      'Using where',
    ]);
    expect(lo?.map((c) => c.differs ?? false)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(explainTable(pair()).rows.every((r) => r.every((c) => !c.differs))).toBe(true);
  });
});

describe('tables that fit the window', () => {
  it('lets a cell with a word too long for a narrow column break anywhere, and no other', () => {
    expect(cellClass(false, 'supplier')).toBe('');
    expect(cellClass(true, '1,234,567')).toBe('num');
    expect(cellClass(true, 'innodb_read_ahead_threshold')).toBe('num wrap');
    expect(cellClass(false, 'b71e0cbaddcfbb71072d1dbfdcbdee7a01f10f654f4ca2', true)).toBe('wrap differs');
    expect(hasLongWord('LRU_POSITION < OLD_DATABASE_PAGES')).toBe(true);
    expect(hasLongWord('Q1.1/base, run 2 of 2')).toBe(false);
  });

  it('lifts the EXPLAIN diff to the top when one or two pairs differ in plan, not when many do', () => {
    const joinOrders = comparePair(
      { label: 'A', run: lineorderFirstOb1000(), ordinal: 1, of: 1 },
      { label: 'B', run: dimDateFirstOb1000(), ordinal: 1, of: 1 },
      'p1',
    );
    const same = comparePair(
      { label: 'A', run: lineorderFirstOb1000(), ordinal: 1, of: 1 },
      { label: 'B', run: lineorderFirstOb0(), ordinal: 1, of: 1 },
      'p2',
    );
    const lifted = planDiffTables([joinOrders, same]);
    expect(lifted.map((t) => [t.id, t.title])).toEqual([
      ['plan-p1', 'The plans differ: A Q1.1 (straight-lo) against B Q1.1 (straight-dd)'],
    ]);
    expect(planDiffTables([joinOrders, joinOrders, joinOrders])).toEqual([]);
    // In the pair's own tables the EXPLAIN diff comes right after the summary when the plans differ.
    expect(pairTables(joinOrders).map((t) => t.id)).toEqual([
      'p1-summary',
      'p1-explain',
      'p1-status',
      'p1-stages',
      'p1-lru',
      'p1-pool',
    ]);
    expect(pairTables(same).at(-1)?.id).toBe('p2-explain');
  });
});
