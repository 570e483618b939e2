/**
 * What every table generator is: something that fills a buffer with whole .tbl rows until it is
 * full or the table is done. The stream plumbing (stream.ts) and the workers only see this.
 */
import type { GeneratorMode } from '../../../shared/datasets/datasets';
import type { DbgenLineage } from './lineage';

export interface GenerateOptions {
  /** Scale factor: any number above 0 (0.01 for tests, 1 for the posts' 6M lineorder rows). */
  sf: number;
  /** The dataset seed; DBGEN_SEED (1) reproduces dbgen's data. */
  seed: number;
  /** 'dbgen' (the default): the lineage's dbgen byte for byte; 'spec': the specification's form (dbgen-quirks.ts). */
  mode?: GeneratorMode;
  /** Which dbgen to reproduce; 'classic' (the default) is the one the posts and issue 3's reference used. */
  lineage?: DbgenLineage;
}

export interface TableSource {
  /** The longest row (or, for lineorder, order) it can write: fill() stops when less room is left. */
  readonly maxChunkBytes: number;
  /** Rows written so far. */
  readonly rowsWritten: number;
  readonly done: boolean;
  /** Writes whole rows from `pos` while at least maxChunkBytes remain before `end`; returns the new position. */
  fill(buf: Uint8Array, pos: number, end: number): number;
}
