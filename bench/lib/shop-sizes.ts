/**
 * The analytical workload of bench/whatif-sizes.ts (test/support/shop-schema.ts): each query traced
 * once at the traced size, cold after a restart then hot, and predicted by the product's own what-if
 * (the real trace's replay: tracedRunReplay, whatIfReport) at the pools the real runs had; then
 * measured by untraced runs on the traced runs' timeline, cold as long after a restart at each size as
 * the traced cold run began after its restart and hot as long after it as the traced hot run began
 * after the traced cold one (bpftrace attaches before each: about 6 s), `repeats` times,
 * the sizes alternating. Each measured run's plan (read while it ran) is set against the traced run's.
 */
import { gapMs, tracedRunReplay } from '../../src/main/whatif/traced-run';
import type { RunResult } from '../../src/shared/runs/runs';
import { explainStepsOf, samePlan } from '../../src/shared/whatif/plan-source';
import { planWords, usesMrr } from '../../src/shared/whatif/plan-at-sizes';
import { measuredPagesRead } from '../../src/shared/whatif/replay';
import { poolPagesAt, whatIfReport } from '../../src/shared/whatif/what-if';
import { SHOP_QUERIES, shopStatements } from '../../test/support/shop-schema';
import type { SizePoint } from './sizes-points';
import type { SizesServer } from './sizes-server';

export interface ShopOptions {
  tracedBytes: number;
  multiples: number[];
  repeats: number;
  /** Which of SHOP_QUERIES (1-based). */
  queries: number[];
  scale: number;
  log: (line: string) => void;
}

const SCHEMA = 'shop';

/** The schema's tables, made when they are not all there. */
async function ensureSchema(server: SizesServer, scale: number, log: (l: string) => void): Promise<void> {
  const tables = Number(
    await server.value(
      `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '${SCHEMA}' AND table_name IN ('region','store','product','customer','sale','shipment')`,
    ),
  );
  if (tables === 6) return;
  const t0 = Date.now();
  await server.sql([`CREATE DATABASE IF NOT EXISTS ${SCHEMA}`]);
  await server.sql(shopStatements(scale), SCHEMA);
  const mb = Number(
    await server.value(
      `SELECT SUM(data_length + index_length) / 1048576 FROM information_schema.tables WHERE table_schema = '${SCHEMA}'`,
    ),
  );
  log(
    `(made the shop schema at scale ${scale}: ${mb.toFixed(0)} MiB in ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

/** Each query's catalogue id: saved as a custom query unless one of its title is there. */
function queryIds(server: SizesServer, which: number[]): Array<{ id: string; title: string }> {
  return which.map((k) => {
    const q = SHOP_QUERIES[k - 1];
    if (!q) throw new Error(`--queries: the shop workload has queries 1 to ${SHOP_QUERIES.length}`);
    const had = server.catalogue.list().find((c) => c.title === q.title);
    const saved =
      had ??
      server.catalogue.save({
        title: q.title,
        variants: [{ variant: 'base', label: 'as written', sql: q.sql }],
      });
    return { id: saved.id, title: q.title };
  });
}

/** Why a measured run's plan is not the traced run's, in words, or null when it is the same. */
export function planChange(traced: RunResult, measured: RunResult): string | null {
  const a = explainStepsOf(traced.explain?.table ?? []);
  const b = explainStepsOf(measured.explain?.table ?? []);
  if (a.length === 0 || b.length === 0) return null;
  const mrr = (steps: typeof a) => steps.map(usesMrr).join();
  if (samePlan(a, b) && mrr(a) === mrr(b)) return null;
  return `ran ${planWords(b)} (traced: ${planWords(a)})`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's Uptime (s) as a run's statement began: its Uptime at the end less its time (the counters
 * before it are read before bpftrace attaches, seconds earlier); 0 when the run did not read it.
 */
function uptimeAtStatement(r: RunResult): number {
  const up = r.status.find((c) => c.name.toLowerCase() === 'uptime');
  return up ? Math.max(0, Math.floor(up.after - (r.elapsedMs ?? 0) / 1000)) : 0;
}

/** Waits until the server has been up `seconds` (Uptime counts whole seconds). */
async function untilUptime(server: SizesServer, seconds: number): Promise<void> {
  for (;;) {
    const { uptime } = await server.counters();
    if (!Number.isFinite(uptime) || uptime >= seconds) return;
    await sleep(Math.min(1000, (seconds - uptime) * 1000));
  }
}

export async function shopPoints(server: SizesServer, opts: ShopOptions): Promise<SizePoint[]> {
  await ensureSchema(server, opts.scale, opts.log);
  const queries = queryIds(server, opts.queries);
  const profileId = server.info.profileId;
  const run = (queryId: string, tracePages: boolean) =>
    server.service.run(profileId, undefined, { queryId, schema: SCHEMA, poll: 'off', tracePages });
  const must = (r: RunResult, what: string) => {
    if (r.state !== 'complete') throw new Error(`${what} ended ${r.state}: ${r.error ?? ''}`);
    return r;
  };
  // Traced once each: cold after a restart at the traced size, then hot.
  const traced = new Map<string, { cold: RunResult; hot: RunResult }>();
  for (const q of queries) {
    await server.restartAt(opts.tracedBytes);
    const cold = must(await run(q.id, true), `${q.title}, traced cold`);
    const hot = must(await run(q.id, true), `${q.title}, traced hot`);
    for (const r of [cold, hot])
      if (!r.pageTrace || r.pageTrace.requests === 0 || r.pageTrace.lost > 0)
        throw new Error(
          `${q.title}: the trace holds ${r.pageTrace?.requests ?? 0} requests and lost ${r.pageTrace?.lost ?? '?'} records`,
        );
    traced.set(q.id, { cold, hot });
    opts.log(`traced ${q.title}: cold ${measuredPagesRead(cold)} pages read, hot ${measuredPagesRead(hot)}`);
  }
  // Measured: each repeat walks every size, each size every query, cold after a restart then hot.
  const measured = new Map<string, { pool: number; runs: RunResult[] }>();
  for (let rep = 1; rep <= opts.repeats; rep++)
    for (const m of opts.multiples)
      for (const q of queries) {
        const pool = await server.restartAt(m * opts.tracedBytes);
        const t = traced.get(q.id)!;
        for (const pass of ['cold', 'hot'] as const) {
          // On the traced runs' timeline: the cold run as long after the restart as the traced one
          // began (bpftrace attaches first), the hot as long after the cold: MySQL's page cleaner
          // runs LRU batches in a restart's first seconds (mysql-cleaner.ts), and the replay puts
          // them where the traced runs had them.
          if (pass === 'cold') await untilUptime(server, uptimeAtStatement(t.cold));
          else await sleep(gapMs(t.cold, t.hot));
          const r = must(await run(q.id, false), `${q.title} at ${m}×, ${pass}`);
          const key = `${q.id}|${m}|${pass}`;
          const had = measured.get(key) ?? { pool, runs: [] };
          had.runs.push(r);
          measured.set(key, had);
        }
        opts.log(
          `measured ${q.title} at ${m}× (${(pool / 1048576).toFixed(0)} MiB), repeat ${rep} of ${opts.repeats}`,
        );
      }
  const serverName = `${server.info.flavor} ${server.info.version.split('-')[0]}`;
  const points: SizePoint[] = [];
  for (const q of queries) {
    const t = traced.get(q.id)!;
    for (const pass of ['cold', 'hot'] as const) {
      const tracedRun = t[pass];
      const pools = opts.multiples.map((m) => measured.get(`${q.id}|${m}|${pass}`)!.pool);
      const replay = await tracedRunReplay(
        tracedRun,
        server.store.dir,
        server.info.datadir,
        server.service.runsSinceStart(tracedRun),
      );
      const report =
        'error' in replay
          ? null
          : whatIfReport(tracedRun, replay, { points: pools.length, sizes: pools, rate: 0.1 });
      opts.multiples.forEach((m, i) => {
        const got = measured.get(`${q.id}|${m}|${pass}`)!;
        const pages = poolPagesAt(tracedRun, pools[i]!);
        const at = report?.curves[0]?.points.find((p) => p.poolPages === pages);
        const changes = got.runs.map((r) => planChange(tracedRun, r)).filter((c): c is string => c !== null);
        points.push({
          workload: `shop / ${q.title.replace(/^shop: /, '')}`,
          server: serverName,
          pass,
          multiple: m,
          poolBytes: pools[i]!,
          unit: 'pages',
          predicted: at ? at.pagesRead : null,
          measured: got.runs.map((r) => measuredPagesRead(r) ?? 0),
          planChanged: changes.length > 0 ? `${changes.length} of ${got.runs.length} ${changes[0]}` : null,
          planRisk: report?.plan.atSizes.find((a) => a.poolPages === pages)?.mayChange ?? false,
          ...('error' in replay ? { note: replay.error } : {}),
        });
      });
    }
  }
  return points;
}
