/**
 * What bplab can do on a server, and why not when it cannot: the flavor and version, the buffer pool
 * configuration, how to tell old from young pages, which measuring tools work, and which privileges
 * the user holds. Probing reads only: it never switches an instrument on or changes a variable.
 */
import type {
  Capability,
  CapabilityReport,
  LruOldMethod,
  PrivilegeCheck,
  ServerIdentity,
} from '../../shared/models';
import { AppFailure } from '../../shared/result';
import type { ConnectionService, ServerConnection } from '../db/connections';
import { databasesWith, hasGlobal, hasOnDatabase, hasOnTable, parseGrants, type Grant } from './grants';
import { identifyServer, versionAtLeast } from '../db/server-identity';
import { lruOldMethod, probeLru, type LruProbe } from '../bufferpool/lru-probe';
import { bufferPoolConfig, readVariables, type Variables } from './variables';
import { pageTraceCapability, type PageTraceProbes } from '../pagetrace/capability';

export interface CapabilityServiceDeps {
  connections: ConnectionService;
  now?: () => Date;
  /**
   * The page trace's line: the server binary behind a profile (a sandbox's; null for another server)
   * and the machine checks (pagetrace/capability.ts). Left out, the report has no page-trace line.
   */
  pageTrace?: { binaryOf: (profileId: string) => Promise<string | null>; probes: PageTraceProbes };
}

const STAGE_CONSUMERS = ['events_stages_current', 'events_stages_history_long'];

export class CapabilityService {
  private readonly connections: ConnectionService;
  private readonly now: () => Date;
  private readonly pageTrace: CapabilityServiceDeps['pageTrace'];

  constructor(deps: CapabilityServiceDeps) {
    this.connections = deps.connections;
    this.now = deps.now ?? (() => new Date());
    this.pageTrace = deps.pageTrace;
  }

  async report(profileId: string, password?: string): Promise<CapabilityReport> {
    return this.connections.use(profileId, { password }, (c) => this.probe(c));
  }

  /** Builds the report on an open connection. */
  async probe(c: ServerConnection): Promise<CapabilityReport> {
    const vars = await readVariables(c);
    const server = identifyServer(vars.version ?? '', vars.version_comment ?? '');
    const [who] = await c.rows<{ user: string }>('SELECT CURRENT_USER() AS user');
    const currentUser = String(who?.user ?? '');
    const grants = parseGrants(
      (await c.rows<Record<string, string>>('SHOW GRANTS')).map((row) => String(Object.values(row)[0] ?? '')),
    );
    const lru = await probeLru(c);
    const lruOld = lruOldMethod(lru);
    const privileges = privilegeChecks(grants, lru, c.profile.database);
    const capabilities: Capability[] = [
      lruTableCapability(lru),
      lruIsOldCapability(server, lru, lruOld),
      await profilingCapability(c, vars),
      await stagesCapability(c, vars, grants),
      await explainAnalyzeCapability(c, server),
      localInfileCapability(vars, grants),
    ];
    if (this.pageTrace) {
      const binary = await this.pageTrace.binaryOf(c.profile.id).catch(() => null);
      capabilities.push(await pageTraceCapability(this.pageTrace.probes, server, binary));
    }
    return {
      profileId: c.profile.id,
      checkedAt: this.now().toISOString(),
      server,
      bufferPool: bufferPoolConfig(vars),
      lruOld,
      capabilities,
      privileges,
      currentUser,
    };
  }
}

const lacksProcess = (lru: LruProbe) => lru.failure?.error.code === 'PRIVILEGE_MISSING';

function lruTableCapability(lru: LruProbe): Capability {
  const base = { id: 'lru-table', label: 'Buffer pool page list (INNODB_BUFFER_PAGE_LRU)' } as const;
  if (lru.readable) {
    return { ...base, status: 'yes', detail: `Readable; it listed ${lru.pages} pages.`, blocks: '' };
  }
  return {
    ...base,
    status: 'no',
    detail: lacksProcess(lru)
      ? 'Not allowed: the user lacks the PROCESS privilege.'
      : `Not readable: ${lru.failure?.error.message ?? 'unknown error'}`,
    blocks: 'bplab cannot show which pages are in the buffer pool, nor what a query brought in or evicted.',
  };
}

function lruIsOldCapability(server: ServerIdentity, lru: LruProbe, method: LruOldMethod): Capability {
  const base = { id: 'lru-is-old', label: 'Old/young flag of each page (IS_OLD)' } as const;
  if (!lru.readable) {
    return {
      ...base,
      status: 'no',
      detail: 'Could not be checked, because the page list is not readable.',
      blocks: 'bplab cannot tell old from young pages without the page list.',
    };
  }
  if (!method.isOldUsable) {
    const why =
      lru.pages === 0
        ? 'The buffer pool listed no pages, so IS_OLD could not be checked.'
        : server.flavor === 'mariadb'
          ? `IS_OLD is NULL on all ${lru.pages} pages, as always on MariaDB.`
          : `IS_OLD is NULL on ${lru.unflagged} of ${lru.pages} pages.`;
    return {
      ...base,
      status: 'no',
      detail: `${why} bplab counts a page as old when its LRU_POSITION is below OLD_DATABASE_PAGES of its pool.`,
      blocks: 'Nothing is lost: old and young come from the LRU position instead of the flag.',
    };
  }
  const { pagesCompared, mismatches } = method.agreement ?? { pagesCompared: 0, mismatches: 0 };
  if (mismatches === 0) {
    const retried =
      lru.reads > 1 ? ` (read ${lru.reads} times: the pool was changing during the first read)` : '';
    return {
      ...base,
      status: 'yes',
      detail: `IS_OLD agrees with LRU_POSITION < OLD_DATABASE_PAGES on all ${pagesCompared} pages compared${retried}.`,
      blocks: '',
    };
  }
  if (!lru.stable) {
    return {
      ...base,
      status: 'partial',
      detail: `IS_OLD disagreed with LRU_POSITION < OLD_DATABASE_PAGES on ${mismatches} of ${pagesCompared} pages, in the best of ${lru.reads} reads; the pool kept changing while it was read, so the two could not be compared on a still pool.`,
      blocks: 'Old/young counts may be off by the pages that moved while a snapshot was taken.',
    };
  }
  return {
    ...base,
    status: 'partial',
    detail: `IS_OLD disagreed with LRU_POSITION < OLD_DATABASE_PAGES on ${mismatches} of ${pagesCompared} pages, on a pool that did not change during the read. bplab uses IS_OLD as the server reports it.`,
    blocks: 'The two ways of telling old pages disagree on this server; compare old/young counts with care.',
  };
}

async function profilingCapability(c: ServerConnection, vars: Variables): Promise<Capability> {
  const base = { id: 'show-profile', label: 'SHOW PROFILE' } as const;
  const blocks =
    'bplab cannot show where a query spent its time with SHOW PROFILE; it uses performance_schema stages if it can.';
  if (vars.have_profiling !== undefined && vars.have_profiling.toUpperCase() !== 'YES') {
    return {
      ...base,
      status: 'no',
      detail: 'This server was built without profiling (have_profiling is NO).',
      blocks,
    };
  }
  try {
    // Setting the session flag to its own value changes nothing but makes the server say if it is deprecated.
    await c.rows('SET @@SESSION.profiling = @@SESSION.profiling');
    const warnings = await c.rows<{ Code: number; Message: string }>('SHOW WARNINGS');
    const deprecation = warnings.find((w) => Number(w.Code) === 1287);
    if (deprecation) {
      return {
        ...base,
        status: 'partial',
        detail: `Works, but deprecated on this server (warning 1287: ${deprecation.Message}).`,
        blocks:
          'Stage timings from SHOW PROFILE may go away in a later server release; performance_schema stages replace them.',
      };
    }
    return { ...base, status: 'yes', detail: 'Works (session variable profiling).', blocks: '' };
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code === 'CONNECTION_LOST') throw e;
    return { ...base, status: 'no', detail: `Not usable: ${e.error.message}`, blocks };
  }
}

async function stagesCapability(c: ServerConnection, vars: Variables, grants: Grant[]): Promise<Capability> {
  const base = { id: 'perf-schema-stages', label: 'performance_schema stage events' } as const;
  const blocks = 'bplab cannot break a query down into execution stages from performance_schema.';
  if ((vars.performance_schema ?? 'OFF').toUpperCase() !== 'ON') {
    return {
      ...base,
      status: 'no',
      detail: 'performance_schema is OFF on this server (it can only be switched on at server start).',
      blocks,
    };
  }
  let instruments: Array<{ enabled: string; timed: string; n: number }>;
  let consumers: Array<{ name: string; enabled: string }>;
  try {
    instruments = await c.rows(
      "SELECT ENABLED AS enabled, TIMED AS timed, COUNT(*) AS n FROM performance_schema.setup_instruments WHERE NAME LIKE 'stage/%' GROUP BY ENABLED, TIMED",
    );
    consumers = await c.rows(
      "SELECT NAME AS name, ENABLED AS enabled FROM performance_schema.setup_consumers WHERE NAME LIKE 'events_stages_%'",
    );
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code === 'CONNECTION_LOST') throw e;
    return { ...base, status: 'no', detail: `The setup tables cannot be read: ${e.error.message}`, blocks };
  }
  const total = instruments.reduce((sum, r) => sum + Number(r.n), 0);
  if (total === 0)
    return {
      ...base,
      status: 'no',
      detail:
        'This server has no performance_schema stage instruments (MySQL added them in 5.6.3); SHOW PROFILE is the stage source here.',
      blocks,
    };
  const on = instruments
    .filter((r) => r.enabled === 'YES' && r.timed === 'YES')
    .reduce((sum, r) => sum + Number(r.n), 0);
  const offConsumers = STAGE_CONSUMERS.filter(
    (name) => consumers.find((r) => r.name === name)?.enabled !== 'YES',
  );
  const instrumentText = `${on} of ${total} stage instruments enabled and timed`;
  if (on === total && total > 0 && offConsumers.length === 0) {
    return { ...base, status: 'yes', detail: `On: ${instrumentText}, stage consumers enabled.`, blocks: '' };
  }
  const offText = `${instrumentText}${offConsumers.length ? `; consumers off: ${offConsumers.join(', ')}` : ''}`;
  const canSwitch =
    hasOnTable(grants, 'UPDATE', 'performance_schema', 'setup_instruments') &&
    hasOnTable(grants, 'UPDATE', 'performance_schema', 'setup_consumers');
  if (canSwitch) {
    return {
      ...base,
      status: 'partial',
      detail: `Off for now (${offText}); this user may switch them on (UPDATE on performance_schema setup tables).`,
      blocks:
        'Stage timings need the instruments switched on for the run; bplab does that only when you ask.',
    };
  }
  return {
    ...base,
    status: 'no',
    detail: `Off (${offText}), and this user may not switch them on (no UPDATE on performance_schema.setup_instruments / setup_consumers).`,
    blocks,
  };
}

async function explainAnalyzeCapability(c: ServerConnection, server: ServerIdentity): Promise<Capability> {
  const mariadb = server.flavor === 'mariadb';
  const statement = mariadb ? 'ANALYZE' : 'EXPLAIN ANALYZE';
  const base = { id: 'explain-analyze', label: mariadb ? 'ANALYZE statement' : 'EXPLAIN ANALYZE' } as const;
  const blocks = 'bplab cannot show the measured plan (actual rows and time per step) next to the estimate.';
  if (!mariadb && !versionAtLeast(server, 8, 0, 18)) {
    return {
      ...base,
      status: 'no',
      detail: `MySQL ${server.version} has no EXPLAIN ANALYZE (it came in 8.0.18).`,
      blocks,
    };
  }
  try {
    await c.rows(`${statement} SELECT 1`);
    return { ...base, status: 'yes', detail: `${statement} works.`, blocks: '' };
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code === 'CONNECTION_LOST') throw e;
    return { ...base, status: 'no', detail: `${statement} failed: ${e.error.message}`, blocks };
  }
}

function localInfileCapability(vars: Variables, grants: Grant[]): Capability {
  const base = { id: 'local-infile', label: 'LOAD DATA LOCAL INFILE' } as const;
  if ((vars.local_infile ?? 'OFF').toUpperCase() === 'ON') {
    return { ...base, status: 'yes', detail: 'local_infile is ON on the server.', blocks: '' };
  }
  const fix = hasGlobal(grants, 'SUPER', 'SYSTEM_VARIABLES_ADMIN')
    ? 'This user may turn it on with SET GLOBAL local_infile = ON.'
    : 'An administrator can turn it on with SET GLOBAL local_infile = ON.';
  return {
    ...base,
    status: 'no',
    detail: `local_infile is OFF on the server. ${fix}`,
    blocks:
      'Loading the SSB data set streams rows with LOAD DATA LOCAL INFILE, the fast way; without it loading is slower or impossible.',
  };
}

function privilegeChecks(grants: Grant[], lru: LruProbe, database: string | undefined): PrivilegeCheck[] {
  // The LRU read is the empirical test of PROCESS: it fails with error 1227 without it.
  const processOk = lru.readable ? true : lacksProcess(lru) ? false : hasGlobal(grants, 'PROCESS');
  const selectAt = database ? hasOnDatabase(grants, 'SELECT', database) : hasGlobal(grants, 'SELECT');
  const createDrop = hasGlobal(grants, 'CREATE') && hasGlobal(grants, 'DROP');
  const selectOnly = databasesWith(grants, 'SELECT');
  const createOnly = databasesWith(grants, 'CREATE').filter((db) =>
    databasesWith(grants, 'DROP').includes(db),
  );
  const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
  return [
    {
      id: 'PROCESS',
      label: 'PROCESS',
      present: processOk,
      blocks: processOk
        ? ''
        : 'Reading the buffer pool (INFORMATION_SCHEMA.INNODB_BUFFER_PAGE_LRU, INNODB_BUFFER_POOL_STATS): no page maps, no before/after comparison.',
    },
    {
      id: 'SET_GLOBAL',
      label: 'SET GLOBAL (SUPER or SYSTEM_VARIABLES_ADMIN)',
      present: hasGlobal(grants, 'SUPER', 'SYSTEM_VARIABLES_ADMIN'),
      blocks: hasGlobal(grants, 'SUPER', 'SYSTEM_VARIABLES_ADMIN')
        ? ''
        : 'Changing innodb_old_blocks_time / _pct, resizing the buffer pool, or turning local_infile on between runs.',
    },
    {
      id: 'FILE',
      label: 'FILE',
      present: hasGlobal(grants, 'FILE'),
      blocks: hasGlobal(grants, 'FILE')
        ? ''
        : 'Reading files on the server host (LOAD DATA INFILE without LOCAL); bplab loads with LOCAL INFILE, which needs local_infile ON instead.',
    },
    {
      id: 'SELECT',
      label: 'SELECT',
      present: selectAt,
      blocks: selectAt
        ? ''
        : database
          ? `Running test queries on \`${database}\`, the database of this profile.`
          : selectOnly.length
            ? `Running test queries on data sets outside ${list(selectOnly)}.`
            : 'Running test queries on any data set.',
    },
    {
      id: 'CREATE_DROP',
      label: 'CREATE and DROP',
      present: createDrop,
      blocks: createDrop
        ? ''
        : createOnly.length
          ? `Creating and dropping data set schemas other than ${list(createOnly)}.`
          : 'Creating and dropping data set schemas and tables (loading the SSB data set).',
    },
    {
      id: 'SHUTDOWN',
      label: 'SHUTDOWN',
      present: hasGlobal(grants, 'SHUTDOWN'),
      blocks: hasGlobal(grants, 'SHUTDOWN')
        ? ''
        : 'Restarting the server for cold-cache runs (a sandbox bplab started itself can still be restarted).',
    },
  ];
}
