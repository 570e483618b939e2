/** Small mixed preset sides and results for the timeline, SVG and report tests, figures chosen by hand. */
import {
  MixedLoadSpecSchema,
  type MixedLoadResult,
  type MixedSide,
} from '../../../src/shared/load/mixed-load';

/** Six seconds of load; a scan from 2.0 s to 4.0 s covers the seconds whose middles are 2.5 and 3.5. */
export function side(
  oldBlocksTime: number,
  p99s: number[],
  scanMs: [number, number],
  pages: number[],
): MixedSide {
  return {
    oldBlocksTime,
    state: 'complete',
    reason: null,
    setting: { before: '1000', restored: true },
    load: { fromMs: 0, toMs: 6000, queries: 600 },
    seconds: p99s.map((p99, i) => ({ fromMs: i * 1000, qps: 100 + i, p99, errors: 0 })),
    queries: [{ queryId: 'Q1.1', variant: 'base', fromMs: scanMs[0], toMs: scanMs[1], rows: 1, error: null }],
    pages: pages.map((n, i) => ({
      atMs: i * 1000,
      indexes: { k_1: Math.floor(n / 4), PRIMARY: n - Math.floor(n / 4) },
      databasePages: 500,
      freePages: 10,
    })),
    pagesNote: null,
  };
}

export function result(sides: MixedSide[]): MixedLoadResult {
  return {
    kind: 'bplab-mixed-load',
    version: 1,
    bplabVersion: 't',
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:01:00Z',
    server: { profileId: 'p', version: '10.11', where: 'x', poolPages: 512, oltpTablePages: 120 },
    spec: MixedLoadSpecSchema.parse({
      oltp: { rows: 1000 },
      ssb: { schema: 'ssb', queries: [{ queryId: 'Q1.1' }] },
    }),
    state: 'complete',
    sides,
  };
}
