/**
 * Several runs replayed in one pool in the order they ran (a pass of an experiment: Q1.1, Q1.2, … after
 * a restart), so each finds in the pool what the runs before it left there. Each query's trace has its
 * own layout (only the tables its plan reads); the layouts are merged by table and the traces renumbered.
 */
import type { PageLayout, PageTrace, SpaceLayout } from './trace';
import { NO_PAGE } from './trace';

/** The table a space holds, from its first page that belongs to an index ("table/index"). */
function tableOf(layout: PageLayout, space: SpaceLayout): string {
  for (let p = 0; p < space.indexOf.length; p++) {
    const k = space.indexOf[p]!;
    if (k !== NO_PAGE) return layout.indexNames[k]!.split('/')[0]!;
  }
  return `space ${space.spaceId}`;
}

/**
 * One layout for all the traces (a table's space once, however many queries read it) and each trace
 * with its spaces renumbered into it. A table whose page counts differ between runs is kept apart.
 */
export function mergeTraces(items: Array<{ layout: PageLayout; trace: PageTrace }>): {
  layout: PageLayout;
  traces: PageTrace[];
} {
  const indexNames: string[] = [];
  const nameOrdinal = new Map<string, number>();
  const spaces: SpaceLayout[] = [];
  const spaceOrdinal = new Map<string, number>();
  const traces = items.map(({ layout, trace }) => {
    const map = layout.spaces.map((s) => {
      const key = `${tableOf(layout, s)}#${s.sizePages}`;
      let g = spaceOrdinal.get(key);
      if (g === undefined) {
        g = spaces.length;
        spaceOrdinal.set(key, g);
        const indexOf = s.indexOf.map((k) => {
          if (k === NO_PAGE) return NO_PAGE;
          const name = layout.indexNames[k]!;
          let o = nameOrdinal.get(name);
          if (o === undefined) {
            o = indexNames.length;
            indexNames.push(name);
            nameOrdinal.set(name, o);
          }
          return o;
        });
        spaces.push({ ...s, spaceId: g + 1, indexOf });
      }
      return g;
    });
    const space = new Uint32Array(trace.length);
    for (let i = 0; i < trace.length; i++) space[i] = map[trace.space[i]!]!;
    return { ...trace, space };
  });
  return { layout: { indexNames, spaces }, traces };
}
