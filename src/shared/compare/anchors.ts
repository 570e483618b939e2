/** The id of every table a comparison shows: findings link to them, the HTML report uses them as anchors. */
export const TABLE_IDS = {
  settings: 'settings',
  queryTimes: 'query-times',
  flights: 'flights',
  coldHot: 'cold-hot',
  experiment: 'experiment',
  servers: 'servers',
} as const;

export type PairTable = 'summary' | 'status' | 'stages' | 'lru' | 'pool' | 'explain' | 'lru-chart';

export function pairTableId(pairId: string, table: PairTable): string {
  return `${pairId}-${table}`;
}
