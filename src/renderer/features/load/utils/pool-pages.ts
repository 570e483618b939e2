/**
 * The load's own pool: its pages summed over its instances (free, old and young) as label/value rows,
 * read only from the samples of this load's pool watch (never another run the live view followed);
 * and how a load ended, in words.
 */
import { formatCount } from '../../../../shared/format';
import { loadLiveRunId, loadStepsWords } from '../../../../shared/load/load-live';
import { engineWords, type LoadResult } from '../../../../shared/load/oltp-load';
import type { PoolStatsSample } from '../../../../shared/runs/runs';
import type { Row } from '../../../lib/live-view';

/** The latest pool sample of this load's watch, or null when the live view holds another run's. */
export function loadPoolSample(
  liveRunId: string | null,
  stats: readonly PoolStatsSample[],
  taskId: string,
): PoolStatsSample | null {
  return liveRunId === loadLiveRunId(taskId) ? (stats.at(-1) ?? null) : null;
}

/** "Complete: 3 of 3 steps measured. Driven by sysbench 1.0.20; …" (loadStepsWords, then the engine). */
export function loadOutcomeWords(load: Pick<LoadResult, 'state' | 'steps' | 'spec' | 'engine'>): string {
  const words = load.engine ? engineWords(load.engine) : '';
  const engine = words ? ` ${words.charAt(0).toUpperCase()}${words.slice(1)}.` : '';
  return `${loadStepsWords(load)}${engine}`;
}

export function poolPagesRows(sample: PoolStatsSample | null): Row[] {
  if (!sample || sample.pools.length === 0)
    return [{ label: 'Pool', value: "no sample of this load's pool yet", testId: 'pool-none' }];
  const sum = (k: 'poolSize' | 'freeBuffers' | 'databasePages' | 'oldDatabasePages') =>
    sample.pools.reduce((n, p) => n + p[k], 0);
  const database = sum('databasePages');
  const old = sum('oldDatabasePages');
  return [
    { label: 'Pool size', value: `${formatCount(sum('poolSize'))} pages`, testId: 'pool-size' },
    { label: 'Free', value: `${formatCount(sum('freeBuffers'))} pages`, testId: 'pool-free' },
    { label: 'Young', value: `${formatCount(database - old)} pages`, testId: 'pool-young' },
    { label: 'Old', value: `${formatCount(old)} pages`, testId: 'pool-old' },
  ];
}
