/**
 * The plan at another pool size, asked of a real server (main/whatif/plan-at-size.ts), beside what the
 * what-if says of it (shared/whatif/plan-at-sizes.ts). The shop schema at scale 0.25
 * (test/support/shop-schema.ts): sale holds about 9.5 MiB of data. Its first query reads a range of
 * sale by date. MySQL 8.0 considers Multi-Range Read for it only while sale's data is at least the
 * pool (sql/handler.cc, DsMrr_impl::choose_mrr_impl): it reads with MRR at 8 MiB and without at 32 MiB.
 * MariaDB's mrr is off by default: the same plan at both. It runs where the page trace does (the what-if
 * it checks replays that trace): test-all.sh leaves it out of the run elsewhere, as the trace's files.
 */
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndexPages } from '../../src/main/bufferpool/index-pages';
import { explainQuery } from '../../src/main/runs/capture';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { checkPlansAtSizes, type PlanAtSizeDeps } from '../../src/main/whatif/plan-at-size';
import type { SandboxInfo } from '../../src/shared/models';
import type { IndexPageCount } from '../../src/shared/runs/runs';
import { planAtSizes } from '../../src/shared/whatif/plan-at-sizes';
import { explainStepsOf } from '../../src/shared/whatif/plan-source';
import { contiguousSpace } from '../../src/shared/whatif/trace';
import { traceableFlavor } from '../support/flavors';
import { SHOP_QUERIES, shopStatements } from '../support/shop-schema';
import { testServer } from '../support/test-server';

const server = testServer();
const asked = traceableFlavor(server.label);
const MIB = 1048576;

describe.runIf(asked)(`the plan at another pool size on ${server.label}`, () => {
  const sandboxes = new SandboxService({
    root: join(server.scratchDir, 'plan-at-size'),
    templates: server.templatesDir,
  });
  let sb: SandboxInfo;
  const connect = async () => {
    const c = await createConnection({ ...sandboxes.connectionOptions(sb), database: 'shop' });
    return {
      rows: async <T>(sql: string, values?: unknown[]) => (await c.query(sql, values))[0] as T[],
      end: () => c.end(),
    };
  };
  const deps: PlanAtSizeDeps = {
    restartAt: async (bytes) => {
      sb = await sandboxes.restart(sb.id, { bufferPoolSize: `${bytes / MIB}M` });
      const c = await connect();
      try {
        const [row] = await c.rows<{ b: number | string }>('SELECT @@innodb_buffer_pool_size AS b');
        return Number(row!.b);
      } finally {
        await c.end();
      }
    },
    use: async (work) => {
      const c = await connect();
      try {
        return await work(c);
      } finally {
        await c.end();
      }
    },
    restore: async () => void (sb = await sandboxes.restart(sb.id)),
  };
  const query = SHOP_QUERIES[0]!;
  let recorded: Awaited<ReturnType<typeof explainQuery>>;
  let indexPages: IndexPageCount[];

  beforeAll(async () => {
    sb = await sandboxes.create({ name: 'plansize', binaryPath: server.binaryPath, bufferPoolSize: '8M' });
    const c = await createConnection(sandboxes.connectionOptions(sb));
    try {
      await c.query('CREATE DATABASE shop');
      await c.query('USE shop');
      for (const s of shopStatements(0.25)) await c.query(s);
    } finally {
      await c.end();
    }
    // The plan a cold run at the sandbox's own 8 MiB records.
    sb = await sandboxes.restart(sb.id);
    const q = await connect();
    try {
      recorded = await explainQuery(q, query.sql);
      indexPages = await readIndexPages(q, 'shop');
    } finally {
      await q.end();
    }
  }, 300_000);
  afterAll(async () => {
    for (const s of await sandboxes.list()) await sandboxes.delete(s.id);
  });

  it('asks the server at each size, after a cold restart, and puts its own pool back', async () => {
    const said: string[] = [];
    const checks = await checkPlansAtSizes(
      { sql: query.sql, schema: 'shop', explain: recorded },
      [],
      [8 * MIB, 32 * MIB],
      deps,
      (m) => said.push(m),
    );
    expect(checks.map((c) => c.poolBytes)).toEqual([8 * MIB, 32 * MIB]);
    expect(said).toContain('restarting with a 32 MiB pool');
    const mrr = explainStepsOf(recorded.table).some((s) => /using mrr/i.test(s.extra));
    if (server.flavor === 'mysql') {
      // sale's data (over 8 MiB) is over the 8 MiB pool: MRR; under the 32 MiB pool: none.
      expect(mrr).toBe(true);
      expect(checks.map((c) => c.same)).toEqual([true, false]);
      expect(checks[1]!.plan).not.toMatch(/MRR/);
    } else {
      expect(mrr).toBe(false);
      expect(checks.map((c) => c.same)).toEqual([true, true]);
    }
    const c = await connect();
    try {
      const [row] = await c.rows<{ b: number | string }>('SELECT @@innodb_buffer_pool_size AS b');
      expect(Number(row!.b)).toBe(8 * MIB);
    } finally {
      await c.end();
    }
  }, 300_000);

  it("the what-if says the same of MRR from sale's size against the pool's, without a server", () => {
    const sale = indexPages.find((p) => p.table === 'sale' && p.index === 'PRIMARY')!;
    expect(sale.sizePages * 16384).toBeGreaterThan(8 * MIB);
    expect(sale.sizePages * 16384).toBeLessThan(32 * MIB);
    const layout = { indexNames: ['sale/PRIMARY'], spaces: [contiguousSpace(9, 4, 0)] };
    const point = (poolPages: number) => ({ poolPages, pagesRead: 0, missRatio: 0, cachedAtStart: [0] });
    const plan = planAtSizes({
      server: { flavor: server.flavor, version: server.version },
      plan: explainStepsOf(recorded.table),
      layout,
      trace: { space: new Uint32Array(0), page: new Uint32Array(0), atMs: new Float64Array(0), length: 0 },
      points: [point(512), point(2048)],
      ownPoolPages: 512,
      mib: (pages) => `${pages / 64} MiB`,
      indexPages,
      pageSizeBytes: 16384,
    });
    expect(plan.atSizes.map((a) => a.mayChange)).toEqual(
      server.flavor === 'mysql' ? [false, true] : [false, false],
    );
  });
});
