// Several runs' traces as one: layouts merged table by table, the touches renumbered, and time from what the runs measured per read.
import { describe, expect, it } from 'vitest';
import { concatParts, estimatedMs, timeModel } from '../../../../src/shared/whatif/flight';
import { contiguousSpace, NO_PAGE, type PageTrace } from '../../../../src/shared/whatif/trace';

const trace = (touches: Array<[number, number]>): PageTrace => ({
  space: Uint32Array.from(touches.map((t) => t[0])),
  page: Uint32Array.from(touches.map((t) => t[1])),
  atMs: Float64Array.from(touches.map((_, i) => i * 10)),
  length: touches.length,
});

describe('concatParts', () => {
  it('shares a table two parts touch, keeps one only the second touches, and renumbers spaces and indexes', () => {
    // Part 1 touches lineorder (8 pages) then dim_date (4); part 2 touches part (6) then lineorder.
    const p1 = {
      layout: {
        indexNames: ['lineorder/PRIMARY', 'dim_date/PRIMARY'],
        spaces: [contiguousSpace(1, 8, 0, 3), contiguousSpace(2, 4, 1, 3)],
      },
      trace: trace([
        [0, 3],
        [1, 3],
      ]),
    };
    const p2 = {
      layout: {
        indexNames: ['part/PRIMARY', 'lineorder/PRIMARY'],
        spaces: [contiguousSpace(1, 6, 0, 3), contiguousSpace(2, 8, 1, 3)],
      },
      trace: trace([
        [0, 4],
        [1, 5],
        [1, 3],
      ]),
    };
    const { layout, trace: t } = concatParts([p1, p2]);
    expect(layout.indexNames).toEqual(['lineorder/PRIMARY', 'dim_date/PRIMARY', 'part/PRIMARY']);
    expect(layout.spaces.map((s) => [s.spaceId, s.sizePages])).toEqual([
      [1, 8],
      [2, 4],
      [3, 6],
    ]);
    // part's pages now name index 2; its unowned first pages stay unowned.
    expect([...layout.spaces[2]!.indexOf]).toEqual([NO_PAGE, NO_PAGE, NO_PAGE, 2, 2, 2]);
    // Part 2's lineorder touches land on space 0, the same pages as part 1's.
    expect([...t.space]).toEqual([0, 1, 2, 0, 0]);
    expect([...t.page]).toEqual([3, 3, 4, 5, 3]);
    // Part 2's clock starts where part 1's last touch was (10 ms): 10, 20, 30.
    expect([...t.atMs]).toEqual([0, 10, 10, 20, 30]);
    expect(t.length).toBe(5);
  });
});

describe('timeModel', () => {
  it("keeps the server's CPU time and spreads the rest over the pages read", () => {
    // 1000 + 3000 ms, 100 + 300 reads, CPU 200 + 600 ms: 800 ms stays, (4000 − 800) / 400 = 8 ms a read.
    const m = timeModel([
      { elapsedMs: 1000, pagesRead: 100, cpuMs: 200 },
      { elapsedMs: 3000, pagesRead: 300, cpuMs: 600 },
    ])!;
    expect(m.baseMs).toBe(800);
    expect(m.msPerRead).toBe(8);
    expect(estimatedMs(m, 50)).toBe(1200);
    expect(m.how).toMatch(/CPU time measured \(800 ms\) stays/);
  });

  it('puts all the time on the reads without the CPU time (an upper bound), and has nothing to scale without reads', () => {
    const m = timeModel([
      { elapsedMs: 1000, pagesRead: 100, cpuMs: 200 },
      { elapsedMs: 3000, pagesRead: 300, cpuMs: null },
    ])!;
    expect(m.baseMs).toBe(0);
    expect(m.msPerRead).toBe(10);
    expect(m.how).toMatch(/upper bound/);
    expect(timeModel([{ elapsedMs: 1000, pagesRead: 0, cpuMs: 10 }])).toBeNull();
    expect(timeModel([{ elapsedMs: 1000, pagesRead: null, cpuMs: 10 }])).toBeNull();
  });
});
