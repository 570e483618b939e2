import { describe, expect, it } from 'vitest';
import { BoundedSeries } from '../../../src/main/bufferpool/bounded-series';

describe('BoundedSeries', () => {
  it('keeps everything while under its capacity', () => {
    const s = new BoundedSeries<number>(10);
    for (let i = 0; i < 9; i++) s.push(i);
    expect(s.items()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.downsampled).toBe(false);
  });

  it('stays within its capacity over many samples, evenly spread, the first and the newest kept', () => {
    const s = new BoundedSeries<number>(16);
    let most = 0;
    for (let i = 0; i < 100_000; i++) {
      s.push(i);
      if (i % 97 === 0 || i > 99_900) most = Math.max(most, s.items().length);
    }
    expect(most).toBeLessThanOrEqual(16);
    const kept = s.items();
    expect(s.downsampled).toBe(true);
    expect(s.total).toBe(100_000);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(99_999);
    expect(kept.length).toBeGreaterThanOrEqual(8);
    // Evenly spread: every gap but the last (to the newest) is the same stride.
    const gaps = kept.slice(1, -1).map((v, i) => v - kept[i]!);
    expect(new Set(gaps).size).toBe(1);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
  });

  it('refuses a capacity too small to hold the first and the newest sample', () => {
    expect(() => new BoundedSeries(1)).toThrow();
  });
});
