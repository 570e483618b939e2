// Runs replayed in one pool in the order they ran: layouts merged by table, traces renumbered.
import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../../../src/shared/whatif/replay';
import { mergeTraces } from '../../../../src/shared/whatif/sequence';
import { contiguousSpace, TraceBuilder, type PageLayout } from '../../../../src/shared/whatif/trace';
import { smallPool } from '../../../support/whatif-fixture';

const settings = smallPool();

function trace(space: number, pages: number[]) {
  const b = new TraceBuilder();
  for (const p of pages) b.touch(space, p);
  return b.build();
}

describe('mergeTraces', () => {
  // Query A reads lineorder (its space 0) then dim_date (its space 1); query B reads only dim_date, its space 0.
  const a: PageLayout = {
    indexNames: ['lineorder/GEN_CLUST_INDEX', 'dim_date/PRIMARY'],
    spaces: [contiguousSpace(1, 100, 0), contiguousSpace(2, 20, 1)],
  };
  const b: PageLayout = { indexNames: ['dim_date/PRIMARY'], spaces: [contiguousSpace(1, 20, 0)] };

  it('keeps a table once and renumbers each trace into the merged layout', () => {
    const merged = mergeTraces([
      { layout: a, trace: trace(1, [3, 4]) },
      { layout: b, trace: trace(0, [3, 4, 5]) },
    ]);
    expect(merged.layout.spaces).toHaveLength(2);
    expect(merged.layout.indexNames).toEqual(['lineorder/GEN_CLUST_INDEX', 'dim_date/PRIMARY']);
    expect(merged.layout.spaces.map((s) => s.spaceId)).toEqual([1, 2]);
    expect(Array.from(merged.traces[0]!.space)).toEqual([1, 1]);
    // B's dim_date was its space 0; in the merged layout it is A's space 1.
    expect(Array.from(merged.traces[1]!.space)).toEqual([1, 1, 1]);
    expect(merged.layout.spaces[1]!.indexOf[4]).toBe(1);
  });

  it('lets a run find the pages the run before it left in the pool', () => {
    const merged = mergeTraces([
      { layout: a, trace: trace(1, [3, 4]) },
      { layout: b, trace: trace(0, [3, 4, 5]) },
    ]);
    const { counters } = replaySteps(merged.layout, settings, [
      { trace: merged.traces[0]!, elapsedMs: 10 },
      { trace: merged.traces[1]!, elapsedMs: 10, gapMs: 5 },
    ]);
    expect(counters.map((c) => c.syncReads)).toEqual([2, 1]);
  });

  it('keeps apart a table whose page counts differ between runs', () => {
    const bigger: PageLayout = { indexNames: ['dim_date/PRIMARY'], spaces: [contiguousSpace(1, 30, 0)] };
    const merged = mergeTraces([
      { layout: b, trace: trace(0, [3]) },
      { layout: bigger, trace: trace(0, [3]) },
    ]);
    expect(merged.layout.spaces).toHaveLength(2);
    expect(Array.from(merged.traces[1]!.space)).toEqual([1]);
  });
});
