// MySQL's I/O thread looks up the change-buffer bitmap of each index page it reads ahead (a request outside the run's trace).
import { describe, expect, it } from 'vitest';
import { LruSimulator } from '../../../../src/shared/whatif/lru-simulator';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import { contiguousSpace, type PageLayout } from '../../../../src/shared/whatif/trace';

// Pages 2.. are index pages; 0 and 1 (the space header and the bitmap) are not.
const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(5, 200, 0, 2)] };

function settings(flavor: 'mysql' | 'mariadb'): SimulatorSettings {
  return {
    poolPages: 100,
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 0,
    readAheadThreshold: 0,
    flavor,
  };
}

describe('the change-buffer bitmap of a page read ahead (MySQL, buf_page_io_complete)', () => {
  it('requests page 1, reading it when the pool has lost it; not one of the trace’s touches', () => {
    const s = new LruSimulator(layout, settings('mysql'));
    s.touch(0, 10, 5);
    s.readAhead(0, 64);
    expect(s.hasPage(0, 1)).toBe(true);
    expect(s.accessTimeOf(0, 1)).toBe(5);
    expect(s.counters).toMatchObject({ touches: 1, syncReads: 2, readAhead: 1 });
    // Found in the pool the next time: no read.
    s.readAhead(0, 65);
    expect(s.counters).toMatchObject({ touches: 1, syncReads: 2, readAhead: 2 });
    // MySQL's only: MariaDB 11 has no change buffer.
    const m = new LruSimulator(layout, settings('mariadb'));
    m.touch(0, 10, 5);
    m.readAhead(0, 64);
    expect(m.hasPage(0, 1)).toBe(false);
    expect(m.counters).toMatchObject({ touches: 1, syncReads: 1, readAhead: 1 });
  });
});
