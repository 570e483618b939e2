/**
 * Presets that reproduce the posts' experiments on the servers the user picks. Each is a complete
 * definition; the builder starts from one and the user may change anything.
 */
import {
  AHI_PRESET_TITLE,
  DATASET_DIMENSION,
  ExperimentDefinitionSchema,
  SERVER_OWN_VALUE,
  type ExperimentDefinition,
  type ExperimentDefinitionInput,
  type ExperimentServer,
  type MatrixDimension,
} from '../../shared/experiments/experiments';
import type { DatasetEngine } from '../../shared/datasets/datasets';
import type { ServerFlavor } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { CUSTOM_PREFIX } from '../queries/catalogue';
import { OLTP_PRESETS, type OltpPreset } from './presets-oltp';
import {
  post001ColdOverHotFigures,
  post001JoinOrderFigures,
  post001OldBlocksFigures,
  post001PoolFigures,
  post001VersionFigures,
  post003Figures,
} from '../../shared/published/published-figures';

export type PresetId =
  | 'old-blocks-time'
  | 'old-blocks-time-ahi'
  | 'pool-vs-data'
  | 'join-order'
  | 'cold-then-hot'
  | 'myisam-vs-innodb'
  | 'post001-55-vs-56'
  | 'post001-56-zero'
  | OltpPreset['id'];

export interface Preset {
  id: PresetId;
  title: string;
  /** Which post, and which of its configurations, it reproduces. */
  source: string;
  build(args: PresetArgs): ExperimentDefinition;
  /** It runs the dataset in both engines: the service finds the other engine's copy first. */
  needsEngineCopy?: boolean;
  /** The servers it compares, by flavor and version: the service checks the picked ones are these. */
  needsServers?: NeededServer[];
  /** An OLTP load preset: it reads no SSB dataset (its sweeps prepare sysbench's tables). */
  oltp?: true;
}

/** A server a preset needs: "MySQL 5.5", and the install-deps argument that installs it here. */
export interface NeededServer {
  flavor: ServerFlavor;
  /** A version prefix: "5.5." */
  version: string;
  label: string;
  install: string;
}

export interface PresetArgs {
  servers: ExperimentServer[];
  schema: string;
  /** Bytes of the dataset's tables (data + indexes), to size "1/8 of the data" and "larger than the data". */
  dataBytes: number;
  /** The query ids of the catalogue, in flight order. */
  queryIds: string[];
  /** For a preset that needsServers: the picked servers in the order of its needs. */
  ordered?: ExperimentServer[];
  /** Each picked server's flavor and version, where its capability report gives them (in servers' order). */
  identities?: Array<{ flavor: ServerFlavor; version: string } | null>;
  /** For a preset that needsEngineCopy: the dataset in each engine, with its data and key bytes. */
  engines?: Partial<Record<DatasetEngine, { schema: string; dataBytes: number; indexBytes: number }>>;
}

const MB = 1024 * 1024;

const MYSQL_55: NeededServer = { flavor: 'mysql', version: '5.5.', label: 'MySQL 5.5', install: 'mysql-5.5' };
const MYSQL_56: NeededServer = { flavor: 'mysql', version: '5.6.', label: 'MySQL 5.6', install: 'mysql-5.6' };

/**
 * The picked servers in the order of the preset's needs, or what is missing in words: a server not
 * installed here (with the command that installs it) or installed but not picked.
 */
export function serversFor(
  needs: readonly NeededServer[],
  picked: ReadonlyArray<{ server: ExperimentServer; flavor: ServerFlavor | null; version: string | null }>,
  installed: ReadonlyArray<{ flavor: ServerFlavor; version: string }>,
): ExperimentServer[] {
  return needs.map((need) => {
    const found = picked.find((p) => p.flavor === need.flavor && p.version?.startsWith(need.version));
    if (found) return found.server;
    const here = installed.some((b) => b.flavor === need.flavor && b.version.startsWith(need.version));
    throw AppFailure.of(
      'NOT_FOUND',
      here
        ? `This preset needs a ${need.label} server, and none of the servers picked is one.`
        : `This preset needs a ${need.label} server, and none is installed on this machine.`,
      {
        hint: here
          ? `Create a sandbox from ${need.label} (Sandboxes screen, or bplab sandbox create NAME --binary PATH: bplab sandbox binaries lists it) and pick it.`
          : `Install it with bash scripts/install-deps.sh ${need.install}, then create a sandbox from it and pick it.`,
      },
    );
  });
}

/** A pool size the servers accept: whole MB, at least 32 MB (below that InnoDB's own structures dominate). */
export function poolSizeFor(bytes: number): string {
  return `${Math.max(32, Math.ceil(bytes / MB))}M`;
}

/**
 * Post 001's question: innodb_old_blocks_time 1000 against 0 (its figures are 1000's time over 0's, so
 * 0 is A), within one flush method, the other beside it.
 */
const OLD_BLOCKS_QUESTION = { variable: 'innodb_old_blocks_time', against: '0' };

/**
 * The catalogue's queries a preset runs: the posts' SSB queries, never a custom query the user saved
 * (it may read another schema: its runs would fail on the preset's dataset).
 */
const allQueries = (a: PresetArgs) =>
  a.queryIds.filter((id) => !id.startsWith(CUSTOM_PREFIX)).map((queryId) => ({ queryId, variant: 'base' }));

/** The buffer pool's size as a dimension: a configuration per size. */
const poolSizes = (...values: string[]): MatrixDimension => ({
  kind: 'buffer-pool-size',
  variable: 'innodb_buffer_pool_size',
  values,
});

/**
 * A post's experiment on the preset's dataset: the catalogue's SSB queries on the picked servers (in
 * the order of the preset's needs), each configuration cold and then runs 1, 2 and 3, unless `own`
 * says otherwise.
 */
function postExperiment(
  a: PresetArgs,
  own: Partial<ExperimentDefinitionInput> & Pick<ExperimentDefinitionInput, 'name' | 'matrix'>,
): ExperimentDefinition {
  return ExperimentDefinitionSchema.parse({
    schema: a.schema,
    queries: allQueries(a),
    servers: a.ordered ?? a.servers,
    protocol: { cold: true, hotRuns: 3 },
    ...own,
  });
}

/** Post 001's configurations 1 and 2: a pool of 1/8 of the data, innodb_old_blocks_time 1000 against 0. */
const oldBlocksAtAnEighth = (a: PresetArgs): MatrixDimension[] => [
  poolSizes(poolSizeFor(a.dataBytes / 8)),
  { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
];

/**
 * Post 001's reads from storage: innodb_flush_method as the server has it (reads a re-read page from
 * the OS page cache) against O_DIRECT (from the device, as the post's RAID 10 served them), where every
 * server is a sandbox (a startup option restarts it). MariaDB 10.6 and later read with O_DIRECT already.
 */
function flushMethodDimension(a: PresetArgs): MatrixDimension[] {
  const sandboxes = a.servers.length > 0 && a.servers.every((s) => s.sandboxId !== undefined);
  return sandboxes
    ? [{ kind: 'startup', variable: 'innodb_flush_method', values: [throughPageCache(a), 'O_DIRECT'] }]
    : [];
}

/**
 * The flush method that reads through the OS page cache. MariaDB (10.6 and later) and MySQL 8.4 and later
 * default to O_DIRECT, so their own value would run O_DIRECT twice: they are asked for fsync by name.
 * The posts' MySQL 5.5 and 5.6 keep their own (fsync, under a name their versions spell differently);
 * a server whose version is not known keeps its own too.
 */
function throughPageCache(a: PresetArgs): string {
  const ids = a.servers.map((_, i) => a.identities?.[i] ?? null);
  const old = (id: { flavor: ServerFlavor; version: string }) =>
    id.flavor === 'mysql' && versionFrom(id.version) < 5.07;
  return ids.every((id) => id !== null && !old(id)) ? 'fsync' : SERVER_OWN_VALUE;
}

/**
 * innodb_adaptive_hash_index_parts 8 (the default) against 1, where every server can take it: MySQL
 * 5.7 and later (MariaDB has no parts) and a sandbox (it is a startup option: the runner restarts it).
 */
function ahiPartsDimension(a: PresetArgs): MatrixDimension[] {
  const partitioned = a.servers.every((server, i) => {
    const id = a.identities?.[i];
    return server.sandboxId !== undefined && id?.flavor === 'mysql' && versionFrom(id.version) >= 5.07;
  });
  return partitioned && a.servers.length > 0
    ? [{ kind: 'startup', variable: 'innodb_adaptive_hash_index_parts', values: ['8', '1'] }]
    : [];
}

/** "8.0.31" → 8.0; "5.7.22" → 5.07 (major + minor / 100), for a "5.7 or later" test. */
function versionFrom(version: string): number {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major + minor / 100;
}

export const PRESETS: Preset[] = [
  {
    id: 'old-blocks-time',
    title: 'innodb_old_blocks_time 1000 vs 0, pool 1/8 of the data',
    source:
      'Post 001, configuration 1 against 2: MySQL 5.6 with its new default 1000, and with 0 (5.5’s default).',
    build: (a) =>
      postExperiment(a, {
        name: 'innodb_old_blocks_time 1000 vs 0, pool 1/8 of the data',
        description:
          'Post 001: a buffer pool of 1/8 of the data; cold, then runs 1, 2 and 3 for each setting, on a sandbox reading through the OS page cache and with O_DIRECT (from the device, as the post’s disks served its re-reads).',
        matrix: [...oldBlocksAtAnEighth(a), ...flushMethodDimension(a)],
        references: post001OldBlocksFigures(),
        question: OLD_BLOCKS_QUESTION,
      }),
  },
  {
    id: 'old-blocks-time-ahi',
    title: AHI_PRESET_TITLE,
    source:
      'Post 001, configuration 1 against 2, taken further with bplab: on MySQL 8.0.31 the hot runs of Flight 1 took 1.3-1.9× as long with 1000 on the same pages read, and a CPU profile put the difference in the adaptive hash index. Its counters show it indexing fewer pages with 1000 (4,500 against 14,586 per hot Q1.1) but keeping more rows indexed (about 700,000 against 92,000), and with innodb_adaptive_hash_index_parts=1 instead of 8 the gap shrank to 1.1-1.2×. With the index off, the two settings ran alike.',
    build: (a) =>
      postExperiment(a, {
        name: 'innodb_old_blocks_time 1000 vs 0, adaptive hash index on and off',
        description:
          'Is the time innodb_old_blocks_time costs in reading pages, or in the adaptive hash index? A pool of 1/8 of the data, full before timing (one warm-up), then runs 1, 2 and 3 of Flight 1 for each pair of settings.',
        queries: allQueries(a).filter((q) => q.queryId.startsWith('Q1.')),
        matrix: [
          ...oldBlocksAtAnEighth(a),
          { kind: 'global', variable: 'innodb_adaptive_hash_index', values: ['ON', 'OFF'] },
          ...ahiPartsDimension(a),
        ],
        protocol: { cold: false, warmups: 1, hotRuns: 3 },
        question: OLD_BLOCKS_QUESTION,
      }),
  },
  {
    id: 'pool-vs-data',
    title: 'Pool smaller vs larger than the data',
    source: 'Post 001, configuration 3: the default 128M against a pool that holds all the data.',
    build: (a) =>
      postExperiment(a, {
        name: 'Pool smaller vs larger than the data',
        description: 'Post 001: 128M against a pool larger than the data (there, 4G for SF 1).',
        matrix: [poolSizes('128M', poolSizeFor(a.dataBytes * 1.25))],
        references: post001PoolFigures(poolSizeFor(a.dataBytes * 1.25)),
        // The post's "128M pool over one larger than the data": the larger pool is A.
        question: { variable: 'innodb_buffer_pool_size', against: poolSizeFor(a.dataBytes * 1.25) },
      }),
  },
  {
    id: 'join-order',
    title: 'Q1.1 join order both ways',
    source:
      'Post 001: Q1.1 forced with STRAIGHT_JOIN, lineorder first against dim_date first (33.9 s against 22.5 s).',
    build: (a) =>
      postExperiment(a, {
        name: 'Q1.1 join order both ways',
        description:
          'The STRAIGHT_JOIN pair of post 001: which table drives the join changes what the pool keeps.',
        queries: [
          { queryId: 'Q1.1', variant: 'straight' },
          { queryId: 'Q1.1', variant: 'straight-dim-first' },
        ],
        matrix: [],
        references: post001JoinOrderFigures(),
      }),
  },
  {
    id: 'cold-then-hot',
    title: 'Cold, then run 1, 2 and 3',
    source:
      'Post 001’s table: each configuration timed cold (after a restart), then three times without one.',
    build: (a) =>
      postExperiment(a, {
        name: 'Cold, then run 1, 2 and 3',
        matrix: [],
        references: post001ColdOverHotFigures(['5.5.30 128M', '5.6.10 128M']),
      }),
  },
  {
    id: 'myisam-vs-innodb',
    title: 'MyISAM vs InnoDB, query by query, cold then hot',
    source:
      'Post 003: each SSB query cold (after a restart, the OS caches dropped), then hot, on MyISAM and on InnoDB. InnoDB reads with O_DIRECT from a pool that holds the data; MyISAM has a key buffer that holds its keys. Pick the SF 1 dataset for the post’s scale; it needs a copy in the other engine (same SF and seed).',
    needsEngineCopy: true,
    build: (a) => {
      const inno = a.engines?.InnoDB;
      const my = a.engines?.MyISAM;
      if (!inno || !my)
        throw AppFailure.of('NOT_FOUND', `MyISAM against InnoDB needs ${a.schema} in both engines.`);
      return postExperiment(a, {
        name: 'MyISAM vs InnoDB, query by query, cold then hot',
        description: `Post 003: ${inno.schema} (InnoDB) against ${my.schema} (MyISAM). Each query runs cold right after a restart with the dataset's files evicted from the OS page cache, then hot.`,
        schema: inno.schema,
        matrix: [
          { kind: 'dataset', variable: 'dataset', values: [inno.schema, my.schema] },
          { kind: 'startup', variable: 'innodb_flush_method', values: ['O_DIRECT'] },
          poolSizes(poolSizeFor((inno.dataBytes + inno.indexBytes) * 1.25)),
          { kind: 'global', variable: 'key_buffer_size', values: [keyBufferFor(my.indexBytes)] },
        ],
        protocol: { cold: true, hotRuns: 1, coldPerQuery: true },
        references: post003Figures(inno.schema, my.schema),
        // The post's figures are InnoDB's time over MyISAM's: MyISAM is A, every ratio InnoDB over it.
        question: { variable: DATASET_DIMENSION, against: my.schema },
      });
    },
  },
  {
    id: 'post001-55-vs-56',
    title: 'post 001: MySQL 5.5 against 5.6, each with its defaults, 128 MB pool',
    source:
      'Post 001, configurations 1 and 2 of its table: MySQL 5.5.30 (innodb_old_blocks_time=0 by default) against 5.6.10 (1000 by default), both with a 128 MB pool, cold then runs 1, 2 and 3. Needs a sandbox of each (bash scripts/install-deps.sh mysql-5.5 mysql-5.6 installs them).',
    needsServers: [MYSQL_55, MYSQL_56],
    build: (a) =>
      postExperiment(a, {
        name: 'post 001: MySQL 5.5 against 5.6, each with its defaults, 128 MB pool',
        description:
          'Post 001: each server with its own defaults and a 128 MB pool; cold, then runs 1, 2 and 3, reading through the OS page cache and with O_DIRECT.',
        matrix: [poolSizes('128M'), ...flushMethodDimension(a)],
        references: post001VersionFigures(),
        // "MySQL 5.6 over 5.5": 5.5 is A, within each flush method.
        question: { variable: 'server', against: (a.ordered ?? a.servers)[0]!.label },
      }),
  },
  {
    id: 'post001-56-zero',
    title: 'post 001: MySQL 5.6 with innodb_old_blocks_time=0, 128 MB pool',
    source:
      'Post 001, the third configuration of its table: 5.6.10 with innodb_old_blocks_time=0 (5.5’s default), which ran as fast as 5.5. Compare its results file with the 5.5 against 5.6 preset’s.',
    needsServers: [MYSQL_56],
    build: (a) =>
      postExperiment(a, {
        name: 'post 001: MySQL 5.6 with innodb_old_blocks_time=0, 128 MB pool',
        description:
          'Post 001’s third configuration: 5.6 with a 128 MB pool and innodb_old_blocks_time=0; cold, then runs 1, 2 and 3.',
        matrix: [poolSizes('128M'), { kind: 'global', variable: 'innodb_old_blocks_time', values: ['0'] }],
        references: post001ColdOverHotFigures(['5.6.10 128M old_blocks_time=0']),
      }),
  },
  ...OLTP_PRESETS,
];

/** A key buffer that holds MyISAM's keys with room to spare: whole MB, at least 8 MB. */
export function keyBufferFor(indexBytes: number): string {
  return `${Math.max(8, Math.ceil((indexBytes * 1.25) / MB))}M`;
}

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
