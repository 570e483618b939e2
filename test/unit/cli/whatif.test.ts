/** `bplab whatif` on run files written by the test: a run it replays, and each kind of input it refuses in words. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { curveTrust } from '../../../src/shared/whatif/size-accuracy';
import { runCliInProcess } from '../../support/cli';
import { scratchFolder } from '../../support/scratch';
import { baseRun } from '../../support/post001';
import { whatifWorker } from '../../support/workers';

const { dir, file } = scratchFolder('bplab-whatif-');

// The replay runs in the simulator's worker thread, as in the built CLI.
beforeAll(async () => {
  process.env.BPLAB_WHATIF_WORKER = await whatifWorker();
});

const bplab = (args: string[]) =>
  runCliInProcess(args, { staticDir: dir, env: { BPLAB_HOME: join(dir, 'home') } });

/** Q1.1 lineorder first at SF 0.01 on a 128 MB pool: 386 clustered leaves, 17 date leaves, 4 roots at most. */
const replayable = () =>
  baseRun({
    dataset: { schema: 'ssb', sf: 0.01, source: 'generated', engine: 'InnoDB', seed: 1 },
    indexPages: [
      { table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 386, sizePages: 420 },
      { table: 'lineorder', index: 'LO_OrderDateKey', leafPages: 60, sizePages: 65 },
      { table: 'dim_date', index: 'PRIMARY', leafPages: 17, sizePages: 18 },
    ],
    status: [{ name: 'Innodb_buffer_pool_reads', before: 0, after: 120, delta: 120, scope: 'global' }],
  });

describe('bplab whatif', () => {
  it('prints simulated beside measured pages read, then a curve with its knee, and writes the JSON', async () => {
    const json = join(dir, 'whatif.json');
    const r = await bplab(['whatif', file('run.json', replayable()), '--points', '4', '--json', json]);
    expect(r.err).toMatch(/what-if written/);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Q1\.1 \(straight-lo\) on mysql 5\.6\.10, cold, its own settings/);
    expect(r.out).toMatch(/measured 120 /);
    expect(r.out).toMatch(/old_blocks_time 1000, old_blocks_pct 37/);
    const written = JSON.parse(readFileSync(json, 'utf8'));
    expect(written.measuredPagesRead).toBe(120);
    // A whole 128 MB pool holds every page: no more reads than the pages there are (386 + 60 + 17 + 3 roots).
    expect(written.simulatedPagesRead).toBeGreaterThan(0);
    expect(written.simulatedPagesRead).toBeLessThanOrEqual(466);
    // The 4 sizes asked and the run's own (the check's point).
    expect(written.curves[0].points).toHaveLength(5);
    expect(written.trust.words).toBe(curveTrust().words);
    // Within 100 columns, the assumptions a list of one item each (they were one line of 1,500 columns).
    expect(r.out.split('\n').filter((l) => l.length > 100)).toEqual([]);
    const list = r.out.slice(r.out.indexOf('Assumptions:\n'));
    expect(list.match(/^ {2}- /gm)).toHaveLength(written.assumptions.length);
  });

  it("says when the run made another plan's page requests than its EXPLAIN's, and --json carries why", async () => {
    const withRequests = (delta: number) => ({
      ...replayable(),
      status: [
        ...replayable().status,
        {
          name: 'Innodb_buffer_pool_read_requests',
          before: 0,
          after: delta,
          delta,
          scope: 'global' as const,
        },
      ],
    });
    // lineorder read in full at SF 0.01 (60,175 rows): about one request per row fits the plan.
    const fits = await bplab(['whatif', file('fits.json', withRequests(61_000)), '--points', '2']);
    expect(fits.code).toBe(0);
    expect(fits.out).not.toMatch(/NOT COMPARABLE/);
    // Twenty times that is no plan of these tables' that the run recorded.
    const json = join(dir, 'mismatch.json');
    const off = await bplab([
      'whatif',
      file('off-plan.json', withRequests(1_200_000)),
      '--points',
      '2',
      '--json',
      json,
    ]);
    expect(off.code).toBe(0);
    expect(off.out.replace(/\n +/g, ' ')).toMatch(
      /NOT COMPARABLE: EXPLAIN recorded lineorder read in full, then dim_date by eq_ref on PRIMARY, which makes .* page requests, but the run made 1\.20 million: the plan that ran is not the one recorded; simulated pages read for this run are not comparable\./,
    );
    expect(JSON.parse(readFileSync(json, 'utf8')).planMismatch).toMatch(
      /^EXPLAIN recorded lineorder read in full/,
    );
    // Two replays in the simulator's thread: seconds on a loaded machine (load average 30 here).
  }, 30_000);

  it("takes --pool as a list: the curve at those sizes only, the run's own marked", async () => {
    const json = join(dir, 'list.json');
    const r = await bplab([
      'whatif',
      file('list-run.json', replayable()),
      '--pool',
      '32M,16M,128M',
      '--json',
      json,
    ]);
    expect(r.code).toBe(0);
    const written = JSON.parse(readFileSync(json, 'utf8'));
    // 16 KiB pages: 1,024, 2,048 and 8,192 pages, in order, whatever order they were given in.
    expect(written.curves[0].points.map((p: { poolPages: number }) => p.poolPages)).toEqual([
      1024, 2048, 8192,
    ]);
    expect(r.out).toMatch(/^ +128 MiB .*\(its own: the check\)/m);
  }, 30_000);

  it("prints the run's own size as the check itself, and trust in the benchmark's words, not 'optimistic'", async () => {
    // Of 64 and 256 MiB and the run's own 128 MiB, 128 is the check's own simulation.
    const r = await bplab(['whatif', file('own.json', replayable()), '--pool', '64M..256M', '--points', '2']);
    expect(r.code).toBe(0);
    const simulated = /at its own 128 MiB: pages read replayed ([\d,]+),/.exec(r.out)?.[1];
    expect(simulated).toBeDefined();
    expect(r.out).toMatch(new RegExp(`^ +128 MiB +${simulated} +[\\d.]+ +\\(its own: the check\\)`, 'm'));
    expect(r.out.match(/^ +\d+ MiB +[\d,]+ +\d\.\d{4}/gm)).toHaveLength(3);
    expect(r.out).not.toMatch(/optimistic/);
    expect(r.out.replace(/\n +/g, ' ')).toContain(`Trust: ${curveTrust().words}`);
  });

  it('says why a run cannot be replayed, and refuses bad options in words', async () => {
    const old = baseRun();
    const noPages = await bplab(['whatif', file('old.json', old)]);
    expect(noPages.code).toBe(1);
    expect(noPages.err).toMatch(/cannot replay this run: .*generator|page counts/);
    const pages = await bplab(['whatif', file('run2.json', replayable()), '--pool', '16Q']);
    expect(pages.err).toMatch(
      /--pool takes a list of sizes such as 16M,32M,64M, or a range such as 16M\.\.128M .*; not "16Q"/,
    );
    // A range written another way is refused, saying how a range is written.
    const dash = await bplab(['whatif', file('run3.json', replayable()), '--pool', '16M-128M:8']);
    expect(dash.code).toBe(1);
    expect(dash.err).toMatch(/not "16M-128M:8" \(a range is written FROM\.\.TO\)/);
    // --step is for a load result.
    const step = await bplab(['whatif', file('run4.json', replayable()), '--step', '1']);
    expect(step.err).toMatch(/--step is for a load result/);
    const notRun = await bplab(['whatif', file('x.json', { hello: 1 })]);
    expect(notRun.err).toMatch(/is not a saved run .* nor a load result/);
    const missing = await bplab(['whatif', join(dir, 'nope.json')]);
    expect(missing.err).toMatch(/cannot read/);
  });
});
