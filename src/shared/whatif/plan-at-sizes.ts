/**
 * Which plan a curve assumes and where another may be chosen. A curve replays the run's own page
 * requests: the plan the run recorded, at every size. MySQL 8.0 and later weigh, per index, the share
 * of its leaf pages in the pool when the statement is optimized (ha_innodb.cc, index_pct_cached:
 * pages the pool holds over stat_n_leaf_pages; opt_costmodel.cc, page_read_cost: each page costs
 * memory_block_read_cost 0.25 when cached, io_block_read_cost 1.0 when not), so a pool that holds
 * another share of an index the plan reads can tip the optimizer to another plan (the trial of issue
 * 40). MariaDB and MySQL 5.7 and before do not weigh the pool's contents. The share at each size is
 * the simulated pool's as the run begins (mrc.ts, cachedAtStart).
 *
 * MySQL 5.6 and later also weigh the pool's size itself: with mrr_cost_based on (the default),
 * Multi-Range Read is considered for a table only when its data (data_file_length: the clustered
 * index) is at least innodb_buffer_pool_size (sql/handler.cc, DsMrr_impl::choose_mrr_impl: "DS-MRR is
 * only considered if the table size is bigger than the buffer"). A plan with MRR loses it in a pool
 * larger than the table, and a range or ref on a secondary index may gain it in a smaller one: the
 * trial's MRR at 16 MB, not at 32 MB, and bench/whatif-sizes.ts's shop query at 8 MB, not 16 MB.
 */
import { versionNumber } from '../server/version';
import type { IndexPageCount } from '../runs/runs';
import type { ExplainStep } from './plan-model';
import { describePlan } from './plan-check';
import type { CurvePoint } from './mrc';
import type { PageLayout, PageTrace } from './trace';

/** buf0buf / opt_costconstants.h defaults: a page read from the pool and one read from disk. */
const MEMORY_BLOCK_READ_COST = 0.25;
const IO_BLOCK_READ_COST = 1.0;
/**
 * An index's cost per page moving by this factor or more between the traced size and another flags
 * the other size: 0% cached to 34%, or 90% to 100% (0.325 to 0.25). Below it the recorded plan's
 * margin over the next plan is taken to hold; how wide that margin is, the run does not say.
 */
export const PLAN_COST_FACTOR = 1.25;
/** An index takes part when it has at least this share of the run's page requests. */
const MIN_REQUEST_SHARE = 0.01;

export interface IndexShare {
  index: string;
  /** Its cached share (0..1) as the run begins at this size, and at the traced size. */
  share: number;
  tracedShare: number;
}

export interface PlanAtSize {
  poolPages: number;
  /** Another plan may be chosen here: an index's cached share (`moved`) or Multi-Range Read (`mrr`). */
  mayChange: boolean;
  /** The plan's indexes whose cost per page moves by PLAN_COST_FACTOR or more here. */
  moved: IndexShare[];
  /** Where MRR is or is not considered here unlike at the traced size, in words (one per table). */
  mrr: string[];
}

export interface PlanAtSizes {
  /** The plan the curve assumes, in words: the run's recorded plan. */
  assumed: string;
  /** The server's optimizer weighs the cached share of each index (MySQL 8.0 and later). */
  weighsCache: boolean;
  atSizes: PlanAtSize[];
  /** The answer in one paragraph. */
  words: string;
}

const versionOf = (server: { version: string }) => versionNumber(server.version);

/** MySQL 8.0 and later: the optimizer reads each index's cached share (not MariaDB, not MySQL 5.x). */
export function optimizerWeighsCache(server: { flavor: string; version: string }): boolean {
  return server.flavor === 'mysql' && versionOf(server) >= 800;
}

/** MySQL 5.6 and later consider MRR by the pool's size (MariaDB's mrr is off by default). */
export function mrrWeighsPool(server: { flavor: string; version: string }): boolean {
  return server.flavor === 'mysql' && versionOf(server) >= 506;
}

/** A recorded plan step that reads with Multi-Range Read (EXPLAIN's Extra). */
export const usesMrr = (s: ExplainStep) => /using mrr/i.test(s.extra);

/** The plan in words, each step that reads with MRR said so. */
export function planWords(plan: ExplainStep[]): string {
  return plan.map((s) => `${describePlan([s])}${usesMrr(s) ? ' with MRR' : ''}`).join(', then ');
}

/**
 * The table behind each step that could read with MRR (a range or ref on an index), and its data's
 * bytes (its clustered index's pages, mysql.innodb_index_stats' size): by the step's index, when one
 * table of the run has an index of that name.
 */
function mrrTables(
  plan: ExplainStep[],
  indexPages: readonly IndexPageCount[],
  pageBytes: number,
): Array<{ step: ExplainStep; table: string; dataBytes: number }> {
  return plan.flatMap((step) => {
    if (!step.key || !['range', 'ref', 'eq_ref', 'ref_or_null'].includes(step.type.toLowerCase())) return [];
    const owners = indexPages.filter((p) => p.index === step.key);
    if (owners.length !== 1 || step.key === 'PRIMARY') return [];
    const table = owners[0]!.table;
    const clustered = indexPages.find(
      (p) => p.table === table && (p.index === 'PRIMARY' || p.index === 'GEN_CLUST_INDEX'),
    );
    return clustered ? [{ step, table, dataBytes: clustered.sizePages * pageBytes }] : [];
  });
}

const mibWords = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;

/** Where MRR is considered at `poolBytes` unlike at `tracedBytes`, per table, in words. */
function mrrAt(tables: ReturnType<typeof mrrTables>, poolBytes: number, tracedBytes: number): string[] {
  return tables.flatMap(({ step, table, dataBytes }) => {
    const here = dataBytes >= poolBytes;
    const there = dataBytes >= tracedBytes;
    if (here === there) return [];
    if (usesMrr(step) && !here)
      return [`MRR on ${table} is not considered (its ${mibWords(dataBytes)} of data are under the pool)`];
    if (!usesMrr(step) && here)
      return [`MRR on ${table} may be chosen (its ${mibWords(dataBytes)} of data are over the pool)`];
    return [];
  });
}

const costPerPage = (share: number) => MEMORY_BLOCK_READ_COST * share + IO_BLOCK_READ_COST * (1 - share);

/** A layout's index in words: a real trace's "schema/table/index 157" says which is the clustered one (page 3's). */
export function indexLabel(layout: PageLayout, i: number): string {
  const name = layout.indexNames[i] ?? `index ${i}`;
  const m = /^(.*)\/index (\d+)$/.exec(name);
  if (!m) return name;
  const clustered = layout.spaces.some((s) => s.sizePages > 3 && s.indexOf[3] === i);
  return `${m[1]}'s ${clustered ? 'clustered index' : 'secondary index'} (id ${m[2]})`;
}

/** Pages per index ordinal in the layout: the index's size (leaf pages and the levels above). */
export function pagesPerIndex(layout: PageLayout): number[] {
  const out = new Array<number>(layout.indexNames.length).fill(0);
  for (const s of layout.spaces)
    for (let p = 0; p < s.sizePages; p++) {
      const i = s.indexOf[p]!;
      if (i >= 0) out[i]!++;
    }
  return out;
}

/** The indexes a trace reads with at least MIN_REQUEST_SHARE of its requests. */
export function indexesRead(layout: PageLayout, trace: PageTrace): number[] {
  const touches = new Array<number>(layout.indexNames.length).fill(0);
  for (let k = 0; k < trace.length; k++) {
    const i = layout.spaces[trace.space[k]!]?.indexOf[trace.page[k]!] ?? -1;
    if (i >= 0) touches[i]!++;
  }
  return touches.flatMap((n, i) => (n >= MIN_REQUEST_SHARE * trace.length && n > 0 ? [i] : []));
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The plan at each point of a curve whose points counted each index's pages as the run began
 * (cachedAtStart), against the traced size's point (`ownPoolPages`).
 */
export function planAtSizes(input: {
  server: { flavor: string; version: string };
  plan: ExplainStep[];
  layout: PageLayout;
  trace: PageTrace;
  points: CurvePoint[];
  ownPoolPages: number;
  mib: (pages: number) => string;
  /** The run's pages per index (mysql.innodb_index_stats): each table's data, for MRR. */
  indexPages?: readonly IndexPageCount[];
  pageSizeBytes: number;
}): PlanAtSizes {
  const { layout, points } = input;
  const assumed =
    input.plan.length > 0
      ? `the run's recorded plan: ${planWords(input.plan)}`
      : 'the plan the run ran (no EXPLAIN was recorded)';
  const weighsCache = optimizerWeighsCache(input.server);
  const page = input.pageSizeBytes;
  const tables = mrrWeighsPool(input.server) ? mrrTables(input.plan, input.indexPages ?? [], page) : [];
  const mrrHere = (p: CurvePoint) => mrrAt(tables, p.poolPages * page, input.ownPoolPages * page);
  const own = points.find((p) => p.poolPages === input.ownPoolPages)?.cachedAtStart;
  if (!weighsCache || !own) {
    const why = weighsCache
      ? 'the cached share of each index at the run’s own size is not known'
      : `${input.server.flavor} ${input.server.version}’s optimizer does not weigh what the pool holds`;
    const atSizes = points.map((p) => {
      const mrr = mrrHere(p);
      return { poolPages: p.poolPages, mayChange: mrr.length > 0, moved: [], mrr };
    });
    return {
      assumed,
      weighsCache,
      atSizes,
      words: `Every point assumes ${assumed}; ${why}${mrrWordsOf(atSizes, input.mib)}.`,
    };
  }
  const sizes = pagesPerIndex(layout);
  const read = indexesRead(layout, input.trace);
  const share = (cached: number[], i: number) => Math.min(1, (cached[i] ?? 0) / Math.max(1, sizes[i]!));
  const atSizes = points.map((p): PlanAtSize => {
    const moved: IndexShare[] = [];
    if (p.cachedAtStart && p.poolPages !== input.ownPoolPages)
      for (const i of read) {
        const here = share(p.cachedAtStart, i);
        const there = share(own, i);
        const a = costPerPage(here);
        const b = costPerPage(there);
        if (Math.max(a, b) / Math.min(a, b) >= PLAN_COST_FACTOR)
          moved.push({ index: indexLabel(layout, i), share: here, tracedShare: there });
      }
    const mrr = mrrHere(p);
    return { poolPages: p.poolPages, mayChange: moved.length > 0 || mrr.length > 0, moved, mrr };
  });
  const flagged = atSizes.filter((a) => a.moved.length > 0);
  const ownWords = read.map((i) => `${indexLabel(layout, i)} ${pct(share(own, i))}`).join(', ');
  const where =
    flagged.length === 0
      ? 'at no other size does an index the plan reads start cached differently enough to move its cost by a quarter, so the plan is taken to hold at every point'
      : `another plan may be chosen at ${flagged.map((a) => input.mib(a.poolPages)).join(', ')}: ${flagged
          .slice(0, 3)
          .map(
            (a) =>
              `at ${input.mib(a.poolPages)} ${a.moved.map((m) => `${m.index} starts ${pct(m.share)} cached`).join(', ')}`,
          )
          .join('; ')}`;
  return {
    assumed,
    weighsCache,
    atSizes,
    words: `Every point assumes ${assumed}. ${input.server.flavor} ${input.server.version} weighs the share of each index in the pool as the statement is optimized (at the traced size: ${ownWords || 'no index read'}); ${where}${mrrWordsOf(atSizes, input.mib)}. bplab can check the plan at a size on a sandbox (EXPLAIN after the runs since a restart at that size).`,
  };
}

/** "; at 32 MiB, 64 MiB: MRR on sale is not considered (…)", or nothing where MRR does not move. */
function mrrWordsOf(atSizes: readonly PlanAtSize[], mib: (pages: number) => string): string {
  const moved = atSizes.filter((a) => a.mrr.length > 0);
  if (moved.length === 0) return '';
  const byWords = new Map<string, number[]>();
  for (const a of moved) for (const w of a.mrr) byWords.set(w, [...(byWords.get(w) ?? []), a.poolPages]);
  return `; ${[...byWords].map(([w, at]) => `at ${at.map(mib).join(', ')}: ${w}`).join('; ')}`;
}
