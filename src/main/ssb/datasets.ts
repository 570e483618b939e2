/**
 * Datasets on a server: create one from the built-in generator or from dbgen's .tbl files (both
 * through the one SsbLoader), list them with their recorded state, and drop them. Each function
 * takes its connection (or a way to open one), so the handlers, the CLI, the benchmark and the
 * integration tests all run the same code.
 */
import type { Connection } from 'mysql2/promise';
import {
  DatasetGenerateSpecSchema,
  DatasetImportSpecSchema,
  type DatasetGenerateSpec,
  type DatasetImportSpec,
  type DatasetInfo,
} from '../../shared/datasets/datasets';
import { AppFailure } from '../../shared/result';
import { datasetSchemas, readDatasetRecord } from './dataset-meta';
import { TYPICAL_ROW_BYTES } from './tables';
import type { DatasetLoadProgress } from './dataset-load-progress';
import { SsbLoader, type DatasetLoadOutcome, type DatasetLoadPlan } from './dataset-loader';
import { SSB_SCHEMA_TABLES, quoteIdent, validateSchemaName } from './schema';
import { generatedRowCount, generatedRowSource } from './sources';
import { findTblFiles, tblRowSource } from './tbl-import';
import { sqlFailure } from '../db/errors';
import type { SsbTable } from '../../shared/datasets/datasets';

export interface LoadOptions {
  /** Opens a new connection to the target server (the loader uses two: one loads, one can KILL it). */
  connect: () => Promise<Connection>;
  bplabVersion: string;
  onProgress?: (p: DatasetLoadProgress) => void;
  signal?: AbortSignal;
}

function perTable<T>(f: (t: SsbTable) => T): Record<SsbTable, T> {
  return Object.fromEntries(SSB_SCHEMA_TABLES.map((t) => [t, f(t)])) as Record<SsbTable, T>;
}

/** Generates a dataset of scale factor `sf` and streams it into the server. */
export async function generateDataset(
  spec: DatasetGenerateSpec,
  opts: LoadOptions,
): Promise<DatasetLoadOutcome> {
  const s = DatasetGenerateSpecSchema.parse(spec);
  validateSchemaName(s.schema);
  const expectedRows = perTable((t) => generatedRowCount(t, s.sf, s.seed, s.mode));
  const plan: DatasetLoadPlan = {
    schema: s.schema,
    engine: s.engine,
    lineorderPk: s.lineorderPk,
    replace: s.replace,
    source: 'generated',
    sf: s.sf,
    seed: s.seed,
    mode: s.mode,
    sourceDir: null,
    expectedRows,
    rawBytes: SSB_SCHEMA_TABLES.reduce((sum, t) => sum + expectedRows[t] * TYPICAL_ROW_BYTES[t], 0),
  };
  const loader = new SsbLoader({
    connect: opts.connect,
    rows: generatedRowSource(s.sf, s.seed, s.mode),
    onProgress: opts.onProgress,
    bplabVersion: opts.bplabVersion,
  });
  return loader.load(plan, opts.signal);
}

/** Imports dbgen's .tbl files from a folder, byte for byte. */
export async function importDataset(spec: DatasetImportSpec, opts: LoadOptions): Promise<DatasetLoadOutcome> {
  const s = DatasetImportSpecSchema.parse(spec);
  validateSchemaName(s.schema);
  const files = await findTblFiles(s.dir);
  const plan: DatasetLoadPlan = {
    schema: s.schema,
    engine: s.engine,
    lineorderPk: s.lineorderPk,
    replace: s.replace,
    source: 'imported',
    sf: null,
    seed: null,
    mode: null,
    sourceDir: s.dir,
    expectedRows: perTable((t) => Math.round(files[t].bytes / TYPICAL_ROW_BYTES[t])),
    rawBytes: SSB_SCHEMA_TABLES.reduce((sum, t) => sum + files[t].bytes, 0),
  };
  const loader = new SsbLoader({
    connect: opts.connect,
    rows: tblRowSource(files),
    onProgress: opts.onProgress,
    bplabVersion: opts.bplabVersion,
  });
  return loader.load(plan, opts.signal);
}

/** Every dataset on the server: the schemas holding a `_bplab_dataset` record. */
export async function listDatasets(conn: Connection): Promise<DatasetInfo[]> {
  try {
    const schemas = await datasetSchemas(conn);
    const found: DatasetInfo[] = [];
    for (const schema of schemas) {
      const info = await readDatasetRecord(conn, schema);
      if (info) found.push(info);
    }
    return found;
  } catch (e) {
    throw sqlFailure(e, 'list the datasets on the server');
  }
}

/** Drops a dataset's schema; refuses a schema without bplab's record, so no user schema is ever dropped. */
export async function dropDataset(conn: Connection, schema: string): Promise<void> {
  validateSchemaName(schema);
  const info = await readDatasetRecord(conn, schema).catch((e) => {
    throw sqlFailure(e, `read the dataset record of ${schema}`);
  });
  if (!info) {
    throw AppFailure.of(
      'NOT_FOUND',
      `${schema} is not a bplab dataset (it has no _bplab_dataset table), so bplab will not drop it.`,
      {
        hint: 'Pick a schema from the dataset list.',
        details: { schema },
      },
    );
  }
  try {
    await conn.query(`DROP DATABASE ${quoteIdent(schema)}`);
  } catch (e) {
    throw sqlFailure(e, `drop the dataset ${schema}`);
  }
}
