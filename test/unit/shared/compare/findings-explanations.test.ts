/** The comparison's explanations of counters that look wrong, time the page counts do not explain, total time, and the summary of one pair or many (post 001's runs). */
import { describe, expect, it } from 'vitest';
import { compareSides } from '../../../../src/shared/compare/comparison';
import { findFindings } from '../../../../src/shared/compare/findings';
import {
  globalCountersRule,
  neverEvictedRule,
  sameReadsRule,
} from '../../../../src/shared/compare/rules-explanations';
import { totalTimeRule } from '../../../../src/shared/compare/rules-differences';
import { type RunResult } from '../../../../src/shared/runs/runs';
import { baseRun, bigPoolRun, lineorderFirstOb0, lineorderFirstOb1000 } from '../../../support/post001';
import { pair, texts, joinOrders, oldBlocks } from './findings-pairs';

describe('explanations of counters that look wrong', () => {
  it('explains a pool that never evicted: innodb_old_blocks_time cannot have mattered', () => {
    const found = neverEvictedRule(pair(bigPoolRun(), lineorderFirstOb0()));
    expect(found).toHaveLength(1);
    expect(found[0]?.kind).toBe('explanation');
    expect(found[0]?.text).toBe(
      "A's pool never evicted a page (39,009 read or created, 39,010 in the pool): innodb_old_blocks_time=1000 cannot have mattered",
    );
  });

  it('says nothing of old_blocks_time where the pair does not compare it (it led the MyISAM experiment)', () => {
    expect(neverEvictedRule(pair(bigPoolRun(), lineorderFirstOb1000()))).toEqual([]);
    expect(neverEvictedRule(pair(bigPoolRun(), bigPoolRun()))).toEqual([]);
  });

  it('says nothing of the kind for a 128 MB pool that read 38,960 pages into 7,162', () => {
    expect(neverEvictedRule(oldBlocks())).toEqual([]);
  });

  it('does not fire when one of several pool instances has evicted', () => {
    const run = bigPoolRun();
    const fine = run.poolStats.after?.[0];
    if (!fine) throw new Error('fixture');
    run.poolStats.after = [fine, { ...fine, poolId: 1, pagesRead: fine.databasePages + 1 }];
    expect(neverEvictedRule(pair(run, lineorderFirstOb0()))).toEqual([]);
  });

  it("explains global counters that hold other sessions' work", () => {
    const busy = lineorderFirstOb1000();
    const rows = busy.status.find((s) => s.name === 'Innodb_rows_read');
    if (!rows) throw new Error('fixture');
    rows.delta += 5_000_000;
    const [f] = globalCountersRule(pair(busy, lineorderFirstOb0()));
    expect(f?.text).toBe(
      "A's session read 6,611,120 rows, Innodb_rows_read rose 11,611,119: other sessions were reading too",
    );
    expect(f?.tableId).toBe('p1-status');
  });

  it('stays quiet when the global rows match the session handler reads (post 001)', () => {
    expect(globalCountersRule(oldBlocks())).toEqual([]);
    expect(globalCountersRule(joinOrders())).toEqual([]);
  });
});

describe('a time difference the page counts do not explain', () => {
  it('fires for old_blocks_time=1000 against 0 in post 001: 4.3× the time (33.94 s against 7.81 s) on the same pages read and asked for', () => {
    const [f] = sameReadsRule(oldBlocks());
    expect(f?.kind).toBe('explanation');
    expect(f?.text).toBe(
      'A took 4.3× as long as B on the same pages read and asked for: the time is inside the server',
    );
    expect(f?.tableId).toBe('p1-status');
    expect(f?.evidence.map((e) => e.label)).toEqual([
      'time, A',
      'time, B',
      'Innodb_pages_read, A',
      'Innodb_pages_read, B',
      'Innodb_buffer_pool_read_requests, A',
      'Innodb_buffer_pool_read_requests, B',
    ]);
  });

  it('never puts the time inside the server for a flush-method pair: its pages came from storage another way', () => {
    const b = lineorderFirstOb0();
    b.server = { ...b.server, flushMethod: 'O_DIRECT' };
    const found = sameReadsRule(pair(lineorderFirstOb1000(), b));
    expect(found).toHaveLength(1);
    expect(found[0]?.text).not.toContain('the time is inside the server');
    expect(found[0]?.text).toBe(
      'A took 4.3× as long as B on the same pages read into the pool, read from storage by another path (innodb_flush_method fsync against O_DIRECT): the time may be in how they came, so it is not said to be inside the server',
    );
  });

  it('does not fire when the pages read differ (the join orders: 38,961 against 191,570)', () => {
    expect(sameReadsRule(joinOrders())).toEqual([]);
  });

  it('does not fire when the pages asked for differ by more than 5%', () => {
    const b = lineorderFirstOb0();
    const requests = b.status.find((x) => x.name === 'Innodb_buffer_pool_read_requests')!;
    requests.delta = Math.round(requests.delta! * 1.2);
    b.poolStats.after![0]!.pagesGet += 2_000_000;
    expect(sameReadsRule(pair(lineorderFirstOb1000(), b))).toEqual([]);
  });

  it('does not fire when the times are within 25%', () => {
    const b = lineorderFirstOb0();
    b.elapsedMs = 30_000;
    expect(sameReadsRule(pair(lineorderFirstOb1000(), b))).toEqual([]);
  });

  const withAhi = (r: RunResult, on: boolean): RunResult => ({
    ...r,
    server: { ...r.server, adaptiveHashIndex: on },
  });

  it('names the preset that runs the pair again without the adaptive hash index when both ran with it on', () => {
    const [f] = sameReadsRule(
      pair(withAhi(lineorderFirstOb1000(), true), withAhi(lineorderFirstOb0(), true)),
    );
    expect(f?.text).toMatch(
      /the time is inside the server; both had the adaptive hash index on: its preset turns it off$/,
    );
    expect(f?.evidence).toContainEqual({
      label: 'the preset that turns it off',
      value: 'innodb_old_blocks_time 1000 vs 0, adaptive hash index on and off, Flight 1',
    });
    expect(f?.evidence.slice(-2)).toEqual([
      { label: 'innodb_adaptive_hash_index, A', value: 'ON' },
      { label: 'innodb_adaptive_hash_index, B', value: 'ON' },
    ]);
  });

  it('says the two differ in the adaptive hash index when they do, and suggests nothing', () => {
    const [f] = sameReadsRule(
      pair(withAhi(lineorderFirstOb1000(), true), withAhi(lineorderFirstOb0(), false)),
    );
    expect(f?.text).toMatch(/inside the server; they also differ in innodb_adaptive_hash_index$/);
    expect(f?.evidence.slice(-2)).toEqual([
      { label: 'innodb_adaptive_hash_index, A', value: 'ON' },
      { label: 'innodb_adaptive_hash_index, B', value: 'OFF' },
    ]);
    expect(f?.text).not.toContain('preset');
  });

  it('says nothing of the adaptive hash index when both ran with it off, or a side did not record it', () => {
    for (const [a, b] of [
      [withAhi(lineorderFirstOb1000(), false), withAhi(lineorderFirstOb0(), false)],
      [withAhi(lineorderFirstOb1000(), true), lineorderFirstOb0()],
    ] as const) {
      const [f] = sameReadsRule(pair(a, b));
      expect(f?.text).toMatch(/the time is inside the server$/);
      expect(f?.evidence).toHaveLength(6);
    }
  });

  it("reads the pool's counters when the status table lacks them", () => {
    const [f] = sameReadsRule(
      pair({ ...lineorderFirstOb1000(), status: [] }, { ...lineorderFirstOb0(), status: [] }),
    );
    expect(f?.tableId).toBe('p1-pool');
    expect(f?.evidence.map((e) => e.label)).toContain('NUMBER_PAGES_GET, A');
  });
});

describe('total time', () => {
  it("fires over the flight's queries both sides completed", () => {
    const q = (queryId: string, elapsedMs: number) => baseRun({ queryId, variant: 'base', elapsedMs });
    const c = compareSides([
      { label: '5.5.30', runs: [q('Q1.1', 10_000), q('Q1.2', 5_000)] },
      { label: '5.6.10', runs: [q('Q1.1', 20_000), q('Q1.2', 8_000)] },
    ]);
    expect(texts(totalTimeRule(c))).toEqual([
      '5.6.10 took 1.87× as long as 5.5.30 over the 2 queries both completed (28.0 s against 15.0 s)',
    ]);
    const close = compareSides([
      { label: 'A', runs: [q('Q1.1', 10_000), q('Q1.2', 5_000)] },
      { label: 'B', runs: [q('Q1.1', 10_500), q('Q1.2', 5_000)] },
    ]);
    expect(totalTimeRule(close)).toEqual([]);
  });
});

describe('the summary', () => {
  it('puts warnings and explanations first, then the largest differences, each linked to a table', () => {
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000()] },
      { label: 'B', runs: [{ ...lineorderFirstOb0(), checksum: 'different' }] },
    ]);
    const { summary, byPair } = findFindings(c, 3);
    expect(summary[0]?.kind).toBe('warning');
    expect(summary.filter((f) => f.kind === 'difference')).toHaveLength(3);
    expect(byPair[c.pairs[0]?.id ?? '']?.length).toBeGreaterThan(3);
    for (const f of summary) expect(f.tableId).toMatch(/^p1-/);
  });

  it('names the query in front of each finding when there are several pairs', () => {
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000(), { ...lineorderFirstOb1000(), queryId: 'Q1.2' }] },
      { label: 'B', runs: [lineorderFirstOb0(), { ...lineorderFirstOb0(), queryId: 'Q1.2' }] },
    ]);
    const { summary } = findFindings(c);
    expect(summary.length).toBeGreaterThan(0);
    for (const f of summary.filter((x) => x.rule !== 'total-time'))
      expect(f.text).toMatch(/^Q1\.[12] \(straight-lo\): /);
  });
});
