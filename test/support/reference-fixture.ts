/**
 * A small hand-made experiment for the published figures' tests: innodb_old_blocks_time 1000 and 0,
 * each through the OS page cache and with O_DIRECT, two queries, a cold pass and run 1, with seconds and
 * counters chosen by hand (post 001's shape: 1000 slower hot, and more so with O_DIRECT).
 */
import type { ExperimentFile } from '../../src/shared/experiments/experiment-file';
import {
  ExperimentDefinitionSchema,
  expandCells,
  type ExperimentQuestion,
} from '../../src/shared/experiments/experiments';
import type { ReferenceFigureInput } from '../../src/shared/published/reference-figures';
import { poolStats, runResult } from './run-fixture';

/** Seconds per query (Q1.1, Q1.2) by cell and pass: the hand-made measurements. */
export const SECONDS: Record<string, Record<string, [number, number]>> = {
  'innodb_old_blocks_time=1000 · innodb_flush_method=default': { cold: [6, 4], 'run 1': [3, 2.5] },
  'innodb_old_blocks_time=0 · innodb_flush_method=default': { cold: [5.5, 4], 'run 1': [2.5, 2] },
  'innodb_old_blocks_time=1000 · innodb_flush_method=O_DIRECT': { cold: [8, 6], 'run 1': [8, 6] },
  'innodb_old_blocks_time=0 · innodb_flush_method=O_DIRECT': { cold: [8, 6], 'run 1': [4, 4] },
};

/** Pages read per query run: 1000 reads 1.5× what 0 reads. */
const PAGES_READ = { '1000': 15_000, '0': 10_000 } as const;

export function referenceExperiment(
  references: ReferenceFigureInput[],
  question?: ExperimentQuestion,
): ExperimentFile {
  const definition = ExperimentDefinitionSchema.parse({
    name: 'old_blocks_time 1000 vs 0, page cache and O_DIRECT',
    schema: 'ssb_sf01',
    queries: [
      { queryId: 'Q1.1', variant: 'base' },
      { queryId: 'Q1.2', variant: 'base' },
    ],
    servers: [{ label: 'MySQL 5.6', profileId: 'p56', sandboxId: 's56' }],
    matrix: [
      { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
      { kind: 'startup', variable: 'innodb_flush_method', values: ['default', 'O_DIRECT'] },
    ],
    protocol: { cold: true, hotRuns: 1 },
    references,
    ...(question ? { question } : {}),
  });
  let planIndex = 0;
  const results = expandCells(definition).flatMap((cell) => {
    const key = cell.key.replace('MySQL 5.6 · ', '');
    const obt = cell.settings[0]!.value as '1000' | '0';
    return (['cold', 'run 1'] as const).flatMap((pass) =>
      (['Q1.1', 'Q1.2'] as const).map((queryId, q) => ({
        planIndex: planIndex++,
        cell: cell.key,
        pass: pass === 'cold' ? { kind: 'cold' as const } : { kind: 'hot' as const, n: 1 },
        counted: true,
        cold: null,
        run: runResult(
          {
            runId: `${key}-${pass}-${queryId}`,
            queryId,
            variant: 'base',
            elapsedMs: SECONDS[key]![pass]![q]! * 1000,
            // The flush method as the server reports it: the server's own (fsync) or O_DIRECT.
            server: { ...runResult().server, flushMethod: key.endsWith('O_DIRECT') ? 'O_DIRECT' : 'fsync' },
            status: [
              {
                name: 'Innodb_pages_read',
                before: 0,
                after: PAGES_READ[obt],
                delta: PAGES_READ[obt],
                scope: 'global',
              },
            ],
            poolStats: {
              before: [poolStats({ pagesNotMadeYoung: 100 })],
              after: [poolStats({ pagesNotMadeYoung: obt === '1000' ? 1_100 : 100 })],
            },
          },
          0,
        ),
      })),
    );
  });
  return {
    format: 'bplab-experiment',
    version: 1,
    savedAt: '2026-11-27T10:00:00.000Z',
    bplabVersion: '0.1.0',
    state: 'complete',
    definition,
    servers: [{ label: 'MySQL 5.6', capabilities: null }],
    results,
  };
}

/** Post 001's run 1 ratio as a figure (1.81×), and a vendor's claim in seconds that nothing here measures. */
export const RUN1_RATIO: ReferenceFigureInput = {
  id: 'post001-run1',
  label: 'run 1: 1000 over 0',
  value: 324.25 / 178.8,
  unit: 'ratio',
  measure: { kind: 'query-seconds', pass: 'run 1' },
  sides: [{ settings: { innodb_old_blocks_time: '1000' } }, { settings: { innodb_old_blocks_time: '0' } }],
  explain: ['pages-read', 'pages-not-made-young'],
  citation: { source: 'post 001', where: 'its table' },
};
