/** The pool's pages now, summed over its instances: free, old and young, as label/value rows. */
import { formatCount } from '../../../../shared/format';
import type { PoolStatsSample } from '../../../../shared/runs';
import type { Row } from '../../../lib/live-view';

export function poolPagesRows(sample: PoolStatsSample | null): Row[] {
  if (!sample || sample.pools.length === 0)
    return [{ label: 'Pool', value: 'no pool-stats sample yet', testId: 'pool-none' }];
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
