/** The simulated pool's pages per index, old and young, as a run's LRU composition reports them (kept apart from the simulator's rules). */
import type { SimulatedIndexPages } from './pool-model';
import { NO_PAGE, type PageLayout } from './trace';

/** What the composition reads of a simulator: its instances' LRUs, head to tail. */
export interface LruWalk {
  readonly instanceCount: number;
  forEachInLru(instance: number, visit: (space: number, page: number, old: boolean) => void): void;
}

/** Pages per index over every instance; pages of no index (the pool's foreign pages) as "(no index)". */
export function lruComposition(sim: LruWalk, layout: PageLayout): SimulatedIndexPages[] {
  const names = layout.indexNames;
  const pages = new Float64Array(names.length + 1);
  const oldPages = new Float64Array(names.length + 1);
  for (let i = 0; i < sim.instanceCount; i++) {
    sim.forEachInLru(i, (s, p, old) => {
      const idx = layout.spaces[s]!.indexOf[p]!;
      const k = idx === NO_PAGE ? names.length : idx;
      pages[k]!++;
      if (old) oldPages[k]!++;
    });
  }
  const out: SimulatedIndexPages[] = [];
  for (let k = 0; k <= names.length; k++) {
    if (pages[k]! === 0) continue;
    out.push({
      index: k < names.length ? names[k]! : '(no index)',
      pages: pages[k]!,
      oldPages: oldPages[k]!,
      youngPages: pages[k]! - oldPages[k]!,
    });
  }
  return out;
}
