/**
 * The OLTP table's pages over a side of the mixed preset, from the live poller's samples: per index
 * (PRIMARY, k_1) at each full snapshot, with the pool's database and free pages at that moment (the
 * nearest stats read at or before it). Pure, so the mixed run's file holds exactly what the poller saw.
 */
import type { MixedPages } from '../../shared/load/mixed-load';
import type { LruComposition, PoolStatsSample } from '../../shared/runs/runs';

export function sidePages(
  samples: { compositions: readonly LruComposition[]; stats: readonly PoolStatsSample[] },
  schema: string,
  table: string,
): MixedPages[] {
  const name = `${schema}.${table}`.toLowerCase();
  const stats = [...samples.stats].sort((a, b) => a.atMs - b.atMs);
  return [...samples.compositions]
    .sort((a, b) => a.atMs - b.atMs)
    .map((c) => {
      const indexes: Record<string, number> = {};
      for (const i of c.indexes)
        if (i.table.toLowerCase() === name) indexes[i.index] = (indexes[i.index] ?? 0) + i.pages;
      const near = stats.filter((s) => s.atMs <= c.atMs).at(-1);
      return {
        atMs: c.atMs,
        indexes,
        databasePages: c.databasePages,
        freePages: near ? near.pools.reduce((n, p) => n + p.freeBuffers, 0) : null,
      };
    });
}
