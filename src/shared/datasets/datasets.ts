/**
 * SSB datasets: what the dataset screen, the CLI and the loader agree on. A dataset is a schema
 * holding the five SSB tables and bplab's `_bplab_dataset` row, whose state says whether the load
 * finished; a cancelled or failed load is never 'complete'.
 */
import { z } from '../zod';
import type { SelectivityJudgement, SsbQueryId } from './ssb-reference';

export const DatasetEngineSchema = z.enum(['InnoDB', 'MyISAM']);
export type DatasetEngine = z.infer<typeof DatasetEngineSchema>;

/**
 * How the secondary keys were built after the load: ALTER TABLE ... ADD KEY (InnoDB's merge sort), or
 * DISABLE KEYS before the load and ENABLE KEYS after (MyISAM's repair by sort, as post 003 did).
 */
export type KeysBuilt = 'alter-add-keys' | 'disable-enable-keys';

export type DatasetSource = 'generated' | 'imported';
/** A dataset record says one of the first four; 'interrupted' is derived (see datasetState). */
export type DatasetState = 'loading' | 'complete' | 'failed' | 'cancelled' | 'interrupted';

/**
 * How the generator writes its rows: 'dbgen' (the default) byte for byte as dbgen writes them,
 * quirks included; 'spec' in the SSB specification's form. The same rows and counts either way;
 * docs/ssb.md lists what differs.
 */
export const GeneratorModeSchema = z.enum(['dbgen', 'spec']);
export type GeneratorMode = z.infer<typeof GeneratorModeSchema>;
/** The five SSB tables; dim_date is the SSB `date` table (dbgen's date.tbl). The one name for them. */
export type SsbTable = 'customer' | 'part' | 'supplier' | 'dim_date' | 'lineorder';

/** A schema name as typed: the server-side rules (≤ 64 characters, no trailing space...) are checked in main. */
const schemaName = z
  .string()
  .min(1, 'a schema name is required')
  .max(64, 'MySQL allows at most 64 characters');

/** A seed as dbgen takes it, and as an experiment's shuffled order reuses it: 0 to 2^31 − 1, 1 by default. */
export const SeedSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)
  .default(1);

export const DatasetLayoutSchema = z.object({
  schema: schemaName,
  engine: DatasetEngineSchema.default('InnoDB'),
  /** lineorder with PRIMARY KEY (LO_OrderKey, LO_LineNumber) instead of InnoDB's hidden GEN_CLUST_INDEX. */
  lineorderPk: z.boolean().default(false),
  /** Drop an existing bplab dataset of that name first (never a schema bplab did not create). */
  replace: z.boolean().default(false),
});
export type DatasetLayout = z.input<typeof DatasetLayoutSchema>;

export const DatasetGenerateSpecSchema = DatasetLayoutSchema.extend({
  sf: z.number().positive('the scale factor must be above 0').max(1000),
  seed: SeedSchema,
  mode: GeneratorModeSchema.default('dbgen'),
});
export type DatasetGenerateSpec = z.input<typeof DatasetGenerateSpecSchema>;

export const DatasetImportSpecSchema = DatasetLayoutSchema.extend({
  /** A folder holding dbgen's customer.tbl, part.tbl, supplier.tbl, date.tbl and lineorder.tbl. */
  dir: z.string().min(1, 'a folder is required'),
});
export type DatasetImportSpec = z.input<typeof DatasetImportSpecSchema>;

export type TableRowCounts = Partial<Record<SsbTable, number>>;

/** The `_bplab_dataset` row of a schema, as read back. */
export interface DatasetInfo {
  schema: string;
  source: DatasetSource;
  /** Null for an import (dbgen's scale factor is not in its files). */
  sf: number | null;
  seed: number | null;
  /** How the generator wrote the rows; null for an import, and for a dataset made before modes existed. */
  mode: GeneratorMode | null;
  engine: DatasetEngine;
  /** Null for a dataset recorded before bplab kept it. */
  keysBuilt: KeysBuilt | null;
  lineorderPk: boolean;
  state: DatasetState;
  /** Rows each table should hold: what the source produced. */
  expectedRows: TableRowCounts;
  /** Rows loaded so far (equal to expectedRows once complete). */
  loadedRows: TableRowCounts;
  startedAt: string;
  finishedAt: string | null;
  /** Set for a failed load, in words. */
  error: string | null;
  /** For an import: the folder it came from. */
  sourceDir: string | null;
  bplabVersion: string;
  /** The last verify's report, recorded with the dataset; null when it was never verified. */
  lastVerify: DatasetVerifyReport | null;
}

/**
 * The one rule for a dataset's state, used by the CLI, the API and the UI alike: a record that still
 * says 'loading' while no live bplab process holds its load (the loader was killed, crashed, or its
 * machine restarted) was interrupted. Every other recorded state stands as it is.
 */
export function datasetState(recorded: DatasetState, loadHeld: boolean): DatasetState {
  return recorded === 'loading' && !loadHeld ? 'interrupted' : recorded;
}

/** A dataset as the list shows it: its state (datasetState), and the task loading it now, if any. */
export interface DatasetListing {
  datasets: Array<DatasetInfo & { activeTaskId: string | null }>;
  /** The schemas holding sysbench's sbtest tables (absent where bplab was not asked to look). */
  oltp?: OltpDataset[];
}

export interface DatasetTaskStarted {
  taskId: string;
  schema: string;
}

export interface TableCountCheck {
  table: SsbTable;
  expectedRows: number | null;
  actualRows: number;
  pass: boolean;
}

export interface SelectivityCheck extends SelectivityJudgement {
  id: SsbQueryId;
  keptRows: number;
  fraction: number;
  referenceFraction: number;
  /** fraction / referenceFraction. */
  ratio: number;
  durationMs: number;
}

/** How far a verify is: it counts each table's rows, then the rows each of the 13 queries keeps. */
export interface VerifyProgress {
  profileId: string;
  schema: string;
  /** Counts finished so far, of total. */
  done: number;
  total: number;
  /** The count running now: "rows of lineorder", "Q2.1". */
  step: string;
}

export interface DatasetVerifyReport {
  schema: string;
  checkedAt: string;
  durationMs: number;
  state: DatasetState;
  tables: TableCountCheck[];
  selectivity: SelectivityCheck[];
  /** lineorder rows / dbgen's SF 1 rows: the scale the fractions were judged at. */
  scale: number;
  /** Queries whose count could be judged at this scale (the others are 'too small to judge'). */
  judged: number;
  /** The dataset is complete, every table count matches, at least one query was judged and none failed. */
  pass: boolean;
}

/**
 * A verify's outcome in one word and one sentence, for the CLI, the report and the dataset list:
 * "PASS" / "FAIL" / "NOT JUDGED" (nothing failed, but no query was large enough to judge).
 */
export function verifyVerdict(r: DatasetVerifyReport): {
  word: 'PASS' | 'FAIL' | 'NOT JUDGED';
  words: string;
} {
  const small = r.selectivity.filter((q) => q.verdict === 'too-small').map((q) => q.id);
  const failed = r.selectivity.filter((q) => q.verdict === 'fail').map((q) => q.id);
  const badTables = r.tables.filter((t) => !t.pass).map((t) => t.table);
  const parts: string[] = [];
  if (badTables.length > 0) parts.push(`row counts differ in ${badTables.join(', ')}`);
  if (failed.length > 0) parts.push(`${failed.join(', ')} outside the band`);
  parts.push(`${r.judged} of ${r.selectivity.length} queries judged`);
  if (small.length > 0) parts.push(`${small.join(', ')} too small to judge at this scale`);
  const word = r.pass
    ? 'PASS'
    : badTables.length === 0 && failed.length === 0 && r.judged === 0
      ? 'NOT JUDGED'
      : 'FAIL';
  return { word, words: parts.join('; ') };
}

/** The schema a generated dataset gets unless the user names one: ssb_sf1, ssb_sf0_01. */
export function defaultGeneratedSchema(sf: number): string {
  return `ssb_sf${String(sf).replace(/[^0-9]/g, '_')}`;
}

/**
 * A schema name not among `taken`: the base itself, else the base with the engine's name
 * (ssb_sf0_1_myisam beside an InnoDB ssb_sf0_1), else with _2, _3... so that a suggestion never
 * names a dataset the server already has.
 */
export function freeSchemaName(base: string, taken: readonly string[], engine?: DatasetEngine): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  const fits = (name: string) => !used.has(name.toLowerCase());
  if (fits(base)) return base;
  const withEngine = engine ? `${base}_${engine.toLowerCase()}`.slice(0, 64) : null;
  if (withEngine && fits(withEngine)) return withEngine;
  const stem = withEngine ?? base;
  for (let n = 2; ; n++) {
    const name = `${stem.slice(0, 64 - String(n).length - 1)}_${n}`;
    if (fits(name)) return name;
  }
}

/** The schema an import gets unless the user names one: ssb_ and the folder's name in letters, digits, underscores. */
export function defaultImportSchema(dir: string): string {
  const name =
    dir
      .replace(/[/\\]+$/, '')
      .split(/[/\\]/)
      .pop() ?? '';
  const slug = name.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
  return `ssb_${slug || 'import'}`.slice(0, 64);
}

/**
 * An OLTP dataset: a schema holding sysbench 1.0's tables sbtest1..N (bplab load prepared them, or
 * sysbench did), with each table's rows and bytes (data + indexes) as the server reports them.
 */
export interface OltpDataset {
  kind: 'oltp';
  schema: string;
  tables: Array<{ name: string; rows: number; bytes: number }>;
  rows: number;
  bytes: number;
}
