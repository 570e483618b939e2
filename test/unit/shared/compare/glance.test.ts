import { describe, expect, it } from 'vitest';
import { compareSides } from '../../../../src/shared/compare/comparison';
import {
  evidenceTable,
  headlines,
  legendText,
  letterSides,
  sideLetter,
} from '../../../../src/shared/compare/glance';
import {
  baseRun,
  dimDateFirstOb1000,
  lineorderFirstOb0,
  lineorderFirstOb1000,
} from '../../../support/post001';

const OB1000 = 'innodb_old_blocks_time=1000';
const OB0 = 'innodb_old_blocks_time=0';

describe('sides named once', () => {
  it('names the sides A, B... in order, the protocol runs too, and says which is which', () => {
    const run = baseRun();
    const out = letterSides({
      sides: [
        { label: OB1000, runs: [run] },
        { label: OB0, runs: [run] },
      ],
      protocol: [
        { configuration: OB0, repetition: 'cold', queryId: 'Q1.1', elapsedMs: 1 },
        { configuration: OB1000, repetition: 1, queryId: 'Q1.1', elapsedMs: 2 },
      ],
    });
    expect(out.sides.map((s) => s.label)).toEqual(['A', 'B']);
    expect(out.sides[0]?.runs).toEqual([run]);
    expect(out.protocol.map((p) => p.configuration)).toEqual(['B', 'A']);
    expect(legendText(out.legend)).toBe(`A = ${OB1000} · B = ${OB0}`);
  });

  it('goes on past Z without repeating a letter', () => {
    expect([0, 1, 25, 26].map(sideLetter)).toEqual(['A', 'B', 'Z', 'S27']);
  });
});

describe('the headline', () => {
  it("says post 001's old_blocks_time pair is slower on the same pages read: the time is inside the server", () => {
    // 33.94 s against 7.81 s on 38,961 and 39,010 pages read.
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000()] },
      { label: 'B', runs: [lineorderFirstOb0()] },
    ]);
    expect(headlines(c, [OB1000, OB0])).toEqual([
      `${OB0} is faster than ${OB1000}: 0.23× the time over 1 query; same pages read into the pool → the time is inside the server`,
    ]);
  });

  it('says the join orders differ in plan and in pages read', () => {
    // Lineorder first 33.94 s, 38,961 pages; dim_date first 22.54 s, 191,570 pages.
    const c = compareSides([
      { label: 'A', runs: [dimDateFirstOb1000()] },
      { label: 'B', runs: [lineorderFirstOb1000()] },
    ]);
    expect(headlines(c, ['dim_date first', 'lineorder first'])).toEqual([
      'lineorder first is 1.51× slower than dim_date first over 1 query; the plans differ; dim_date first read 4.9× as many pages into the pool',
    ]);
  });

  it('says the same time within 5%, totals over the queries both sides completed, one line per side', () => {
    const q = (queryId: string, elapsedMs: number) => baseRun({ queryId, elapsedMs, status: [] });
    const c = compareSides([
      { label: 'A', runs: [q('Q1.1', 1000), q('Q1.2', 1000)] },
      { label: 'B', runs: [q('Q1.1', 1020), q('Q1.2', 1000)] },
      { label: 'C', runs: [q('Q1.1', 3000), q('Q1.2', 1000)] },
      { label: 'D', runs: [baseRun({ queryId: 'Q1.1', state: 'failed', elapsedMs: null })] },
    ]);
    const lines = headlines(c);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('B and A take the same time over 2 queries (1.01×)');
    expect(lines[1]).toBe('C is 2.0× slower than A over 2 queries');
    expect(lines[2]).toBe('D and A completed no query in common: nothing to compare yet');
  });

  it('counts the queries whose plans differ when there are several', () => {
    // The same query planned two ways (as an engine against another can), and one planned alike.
    const other = { ...dimDateFirstOb1000(), variant: lineorderFirstOb1000().variant };
    const q12 = () => baseRun({ queryId: 'Q1.2', elapsedMs: 1000 });
    const c = compareSides([
      { label: 'A', runs: [lineorderFirstOb1000(), q12()] },
      { label: 'B', runs: [other, q12()] },
    ]);
    expect(headlines(c)[0]).toMatch(
      /^B is faster than A: 0\.\d+× the time over 2 queries; the plans differ in 1 of 2 queries/,
    );
  });

  it('never says "the time is inside the server" of a flush-method pair: its pages travel another way', () => {
    // Post 001's preset: the same setting read through the OS page cache and with O_DIRECT.
    const run = (flushMethod: string, elapsedMs: number, readBytes: number) =>
      baseRun({
        ...lineorderFirstOb1000(),
        elapsedMs,
        server: { ...lineorderFirstOb1000().server, flushMethod },
        serverProcess: { readBytes, cpuMs: 1000 },
      });
    const c = compareSides([
      { label: 'A', runs: [run('fsync', 33_940, 82 * 1024 * 1024)] },
      { label: 'B', runs: [run('O_DIRECT', 40_000, 600 * 1024 * 1024)] },
    ]);
    const [line] = headlines(c, ['default', 'O_DIRECT']);
    expect(line).not.toContain('inside the server');
    expect(line).toBe(
      'O_DIRECT is 1.18× slower than default over 1 query; same pages read into the pool, by another path (innodb_flush_method fsync against O_DIRECT): 600 MiB read from storage against 82 MiB',
    );
  });

  it('sums the pages over the queries both sides completed: a failed run counts in no figure', () => {
    const status = (pages: number) => [
      { name: 'Innodb_pages_read', before: 0, after: pages, delta: pages, scope: 'global' as const },
    ];
    const q = (
      queryId: string,
      elapsedMs: number,
      pages: number,
      state: 'complete' | 'failed' = 'complete',
    ) =>
      baseRun({ queryId, state, elapsedMs: state === 'complete' ? elapsedMs : null, status: status(pages) });
    const c = compareSides([
      { label: 'A', runs: [q('Q1.1', 1000, 5000), q('Q1.2', 1000, 5000)] },
      // Q1.2 failed on B (error 1146), after reading pages of something else.
      { label: 'B', runs: [q('Q1.1', 2000, 5000), q('Q1.2', 0, 90_000, 'failed')] },
    ]);
    expect(headlines(c)).toEqual([
      'B is 2.0× slower than A over 1 query; same pages read into the pool → the time is inside the server',
    ]);
  });

  it('says nothing for a single side', () => {
    expect(headlines(compareSides([{ label: 'A', runs: [baseRun()] }]))).toEqual([]);
  });
});

describe("a finding's evidence as a table", () => {
  it('puts "what, A" and "what, B" on one row with a column per side', () => {
    const t = evidenceTable(
      [
        { label: 'time, A', value: '33.9 s' },
        { label: 'time, B', value: '7.81 s' },
        { label: 'Innodb_pages_read, A', value: '38,961' },
        { label: 'Innodb_pages_read, B', value: '39,010' },
        { label: 'PAGES_NOT_MADE_YOUNG during the run, B', value: '12' },
        { label: 'the preset that turns it off', value: 'AHI on and off' },
      ],
      ['A', 'B'],
    );
    expect(t.columns).toEqual(['what', 'A', 'B']);
    expect(t.rows).toEqual([
      { label: 'time', values: ['33.9 s', '7.81 s'] },
      { label: 'Innodb_pages_read', values: ['38,961', '39,010'] },
      { label: 'PAGES_NOT_MADE_YOUNG during the run', values: ['', '12'] },
      { label: 'the preset that turns it off', values: ['AHI on and off'] },
    ]);
  });

  it('keeps evidence that names no side as its own rows, and a comma in a label that is not a side', () => {
    const t = evidenceTable(
      [
        { label: 'Q1.1 cold', value: '1 s against 2 s' },
        { label: 'pages, of the pool', value: '9' },
      ],
      ['A', 'B'],
    );
    expect(t.columns).toEqual(['what', 'value']);
    expect(t.rows).toEqual([
      { label: 'Q1.1 cold', values: ['1 s against 2 s'] },
      { label: 'pages, of the pool', values: ['9'] },
    ]);
  });
});
