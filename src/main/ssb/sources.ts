/**
 * The built-in generator as the loader's row source: each table's stream comes straight from the
 * generator (in a worker thread where one is built), so rows are made as fast as the server takes
 * them, never written to disk.
 */
import type { GeneratorMode } from '../../shared/datasets/datasets';
import { createGeneratorStream } from './generator/threaded';
import type { RowSource } from './dataset-loader';
import { expectedRowCount } from './tables';
import type { SsbTable } from '../../shared/datasets/datasets';

/** Rows the generator will produce for a table (exact: the generator replays its own counts). */
export function generatedRowCount(table: SsbTable, sf: number, seed: number, mode?: GeneratorMode): number {
  return expectedRowCount(table, sf, seed, { mode });
}

export function generatedRowSource(
  sf: number,
  seed: number,
  mode?: GeneratorMode,
): (table: SsbTable) => RowSource {
  return (table) => ({
    stream: createGeneratorStream(table, { sf, seed, mode }),
    label: 'the generator',
    expectedRows: generatedRowCount(table, sf, seed, mode),
  });
}
