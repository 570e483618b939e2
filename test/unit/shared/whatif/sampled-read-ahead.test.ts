// Linear read-ahead in a sampled pool: where the full trace fires it, and a sampled scan's curve against the full one.
import { describe, expect, it } from 'vitest';
import { missRatioCurves } from '../../../../src/shared/whatif/mrc';
import { readAheadTriggers } from '../../../../src/shared/whatif/sampled-read-ahead';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';
import { smallPool } from '../../../support/whatif-fixture';

describe('readAheadTriggers', () => {
  const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(1, 256, 0)] };

  it('fires at each area’s last page of an ascending scan, for the next area, on MySQL and MariaDB', () => {
    // Pages 0..255 once each: page p is touch p. Areas 0, 64, 128 end at 63, 127, 191 and name the
    // next; 192..255 has none after it in the file.
    const b = new TraceBuilder();
    for (let p = 0; p < 256; p++) b.touch(0, p);
    for (const flavor of ['mysql', 'mariadb'] as const) {
      const t = readAheadTriggers(layout, b.build(), 256, 64, { flavor, readAheadThreshold: 56 });
      expect([...t.at]).toEqual([63, 127, 191]);
      expect([...t.low]).toEqual([64, 128, 192]);
      expect([...t.space]).toEqual([0, 0, 0]);
    }
  });

  it('does not fire off an area read out of order, nor with read-ahead off', () => {
    // Area 0 read backwards then 64..127 in order: MySQL's ascending rule fails on area 0's order
    // (every page after the first is older), the descending one needs page 0's own next = 1 and
    // area 0 read in descending order, which it is, but page 0 names no prev: area 0 fires nothing.
    const b = new TraceBuilder();
    for (let p = 63; p >= 0; p--) b.touch(0, p);
    for (let p = 64; p < 256; p++) b.touch(0, p);
    const t = readAheadTriggers(layout, b.build(), 256, 64, { flavor: 'mysql', readAheadThreshold: 56 });
    expect([...t.low]).toEqual([128, 192]);
    const off = readAheadTriggers(layout, b.build(), 256, 64, { flavor: 'mysql', readAheadThreshold: 0 });
    expect(off.length).toBe(0);
  });

  it('does not try a border page touched again within an area’s touches (a root looked up per row)', () => {
    // Page 0 between every page of 1..63: never a first access after its first; 63 fires once.
    const b = new TraceBuilder();
    for (let p = 1; p < 64; p++) {
      b.touch(0, 0);
      b.touch(0, p);
    }
    const t = readAheadTriggers(layout, b.build(), 256, 64, { flavor: 'mysql', readAheadThreshold: 56 });
    expect([...t.low]).toEqual([64]);
  });
});

describe('a sampled scan with read-ahead', () => {
  it('reads ahead what the full pool reads ahead: its sync reads within 0.005 of the full simulation', () => {
    // A 40,000-page table scanned twice, three touches per page. In full, linear read-ahead reads all
    // but the first areas: a miss ratio of 0.0006 where the pool holds the table or none of it. The
    // sample keeps 64-page groups apart, so a kept group's predecessor, whose last page fires its
    // read-ahead, is not kept: without the triggers taken from the full trace every sampled page was
    // a synchronous read (0.33 too high). At 32,768 pages, most of the table stays between the passes
    // and the full pool reads ~0.047 of its touches synchronously where the border page had stayed
    // (no first access, no read-ahead) and the area after it had not. The sample read every evicted
    // area ahead there (~0) until a kept border page found already accessed stopped the unkept
    // triggers after it (SampledSimulator.lastBorder).
    const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(1, 40000, 0)] };
    const b = new TraceBuilder();
    for (let pass = 0; pass < 2; pass++)
      for (let p = 0; p < 40000; p++) for (let k = 0; k < 3; k++) b.touch(0, p);
    const steps = [{ trace: b.build(), elapsedMs: 4000 }];
    const settings = smallPool({ readAheadThreshold: 56 });
    const sizes = [2048, 8192, 32768];
    const variants = [{ oldBlocksTimeMs: 0, oldBlocksPct: 37 }];
    const [full] = missRatioCurves(layout, settings, steps, sizes, variants, 1);
    const [sampled] = missRatioCurves(layout, settings, steps, sizes, variants, 0.1);
    expect(full!.points[0]!.missRatio).toBeLessThan(0.001);
    expect(full!.points[2]!.missRatio).toBeGreaterThan(0.04);
    sampled!.points.forEach((p, i) =>
      expect(Math.abs(p.missRatio - full!.points[i]!.missRatio)).toBeLessThan(0.005),
    );
  });
});
