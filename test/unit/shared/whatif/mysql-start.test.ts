// MySQL's start-up pages at every pool size (mysql-start.ts), against what the MySQL 8.0.31 sandbox
// of bench/whatif-sizes held 3 s after a restart (INNODB_BUFFER_POOL_STATS; docs/whatif.md):
// 876 pages read and 143 created; an LRU of 257 pages at 16 MiB, 1,018 (395 old) at 32 MiB, 1,021 at 64 MiB.
import { describe, expect, it } from 'vitest';
import { missRatioCurves } from '../../../../src/shared/whatif/mrc';
import { serverStartPages, startPagesKept, startPoolAtSize } from '../../../../src/shared/whatif/mysql-start';
import type { SimulatorSettings } from '../../../../src/shared/whatif/pool-model';
import {
  contiguousSpace,
  FOREIGN_PAGE,
  type PageLayout,
  type PageTrace,
  type StartPool,
} from '../../../../src/shared/whatif/trace';

const sandbox = serverStartPages('mysql', [{ pagesRead: 876, pagesCreated: 143 }], 1024)!;
const MIB = 64; // pages of 16 KiB in a MiB

describe("a MySQL server's start-up pages", () => {
  it('are what it read and created since its start, while that is a start-up', () => {
    expect(sandbox).toEqual({ pages: 1019, scanDepth: 1024 });
    // A server that has read a workload since its start: its pool holds that, not its start.
    expect(serverStartPages('mysql', [{ pagesRead: 52_942, pagesCreated: 143 }], 1024)).toBeNull();
    // MariaDB's page cleaner is woken by the reads themselves (pool-model.ts): not this model.
    expect(serverStartPages('mariadb', [{ pagesRead: 876, pagesCreated: 143 }], 1536)).toBeNull();
  });

  it("are kept as the sandbox kept them: all but the scan depth's free blocks, at least 256", () => {
    expect(Math.abs(startPagesKept(sandbox, 16 * MIB, 1) - 257)).toBeLessThanOrEqual(2);
    expect(Math.abs(startPagesKept(sandbox, 32 * MIB, 1) - 1018)).toBeLessThanOrEqual(3);
    expect(Math.abs(startPagesKept(sandbox, 64 * MIB, 1) - 1021)).toBeLessThanOrEqual(3);
    expect(Math.abs(startPagesKept(sandbox, 128 * MIB, 1) - 1014)).toBeLessThanOrEqual(6);
  });
});

describe('the start pool at another size', () => {
  // The traced size's start pool: 271 pages, 30 of them the query's (space 0), the rest the server's own.
  const own: StartPool = {
    space: Int32Array.from({ length: 271 }, (_, i) => (i < 30 ? 0 : FOREIGN_PAGE)),
    page: Uint32Array.from({ length: 271 }, (_, i) => (i < 30 ? i : 0)),
    length: 271,
    accessed: new Uint8Array(271).fill(1),
    old: new Uint8Array(271),
  };

  it("is the traced size's own where the server keeps no more (16 MiB and below)", () => {
    expect(startPoolAtSize(own, sandbox, 16 * MIB, 1, 37)).toBe(own);
    expect(startPoolAtSize(own, sandbox, 8 * MIB, 1, 37)).toBe(own);
    expect(startPoolAtSize(own, null, 32 * MIB, 1, 37)).toBe(own);
  });

  it("puts the pages the traced size evicted at the tail, the old sublist's share of them old", () => {
    const at32 = startPoolAtSize(own, sandbox, 32 * MIB, 1, 37) as StartPool;
    expect(at32.length).toBe(1019);
    const pad = 1019 - 271;
    expect([...at32.space.subarray(0, pad)].every((s) => s === FOREIGN_PAGE)).toBe(true);
    // The traced size's pages at the head, in their order.
    expect([...at32.space.subarray(pad)]).toEqual([...own.space]);
    expect([...at32.page.subarray(pad, pad + 30)]).toEqual([...own.page.subarray(0, 30)]);
    // The sandbox: 395 of 1,018 old at 32 MiB; innodb_old_blocks_pct 37 within BUF_LRU_OLD_TOLERANCE (20).
    const old = at32.old!.reduce((n, o) => n + o, 0);
    expect(Math.abs(old - 395)).toBeLessThanOrEqual(20);
    expect([...at32.old!.subarray(0, old)].every((o) => o === 1)).toBe(true);
  });
});

describe('a replay from the start-up pages', () => {
  // One table of 3,000 pages read at random, 4,000 requests a second for 8 s, twice (a warm-up, then the
  // counted pass), in a 32 MiB pool (2,048 blocks), innodb_old_blocks_time 1000: a page read goes to the
  // old sublist and leaves it before it is asked for again 1 s later, so the young start-up pages stay.
  const layout: PageLayout = { indexNames: ['t/PRIMARY'], spaces: [contiguousSpace(5, 3000, 0)] };
  const n = 32_000;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const trace: PageTrace = {
    space: new Uint32Array(n),
    page: Uint32Array.from({ length: n }, () => Math.floor(random() * 3000)),
    atMs: Float64Array.from({ length: n }, (_, i) => i / 4),
    length: n,
  };
  const settings: SimulatorSettings = {
    poolPages: 16 * MIB,
    instances: 1,
    oldBlocksPct: 37,
    oldBlocksTimeMs: 1000,
    readAheadThreshold: 0,
    flavor: 'mysql',
  };
  const steps = [
    { trace, elapsedMs: 8000, timed: true },
    { trace, elapsedMs: 8000, timed: true, gapMs: 0 },
  ];
  const curve = (startup: typeof sandbox | null) =>
    missRatioCurves(layout, settings, steps, [32 * MIB], [{ oldBlocksTimeMs: 1000, oldBlocksPct: 37 }], 1, {
      start: 0,
      startup,
    })[0]!.points[0]!;

  it('reads as if the young start-up pages were not there: about 2,048 − 640 blocks for the table', () => {
    const without = curve(null).missRatio;
    const withStartup = curve(sandbox).missRatio;
    // Uniform keys: the miss ratio is about 1 − blocks / 3,000. Without the start-up pages nearly the whole
    // pool is the table's (1 − 2,048 / 3,000 = 0.32); with them the 1,019 − 382 young ones take ~640 blocks.
    expect(without).toBeGreaterThan(0.27);
    expect(without).toBeLessThan(0.36);
    expect(withStartup).toBeGreaterThan(0.5);
    expect(withStartup).toBeLessThan(0.58);
  });
});
