/**
 * The run journey on a real MariaDB sandbox with a 16 MB buffer pool and SSB data larger than it:
 * the Queries screen (catalogue, variants, EXPLAIN preview, a custom query refused and one saved),
 * Q1.1 run to its result, the saved custom query (a scan that lasts) watched live (the LRU map's
 * canvas and the bars change between frames) and cancelled (the Queries screen meanwhile refuses to
 * resize the sandbox's pool), Q1.1's result view's sections, and last the pool resized from the Queries
 * screen (a refusal in words, then 32 MB read back). At 1024×700, the smallest window bplab supports.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { cancelRun } from './actions/cancel-run';
import { openApp } from './actions/open-app';
import { openQueries } from './actions/open-queries';
import { openRun } from './actions/open-run';
import { previewExplain } from './actions/preview-explain';
import { resizePool } from './actions/resize-pool';
import { saveCustomQuery } from './actions/save-custom-query';
import { startRun } from './actions/start-run';
import type { QueriesPage } from './pages/queries-page';
import { RunsPage } from './pages/runs-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-runs';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const SCHEMA = 'ssb_runs';
/** A custom read that lasts: a scan of lineorder that sleeps 2 s at each of 18 orders spread over it. */
const SLOW_SCAN = 'Scan lineorder slowly';
const SLOW_SCAN_SQL =
  'SELECT SUM(LO_Revenue) AS revenue FROM lineorder WHERE LO_OrderKey % 32768 = 0 AND LO_LineNumber = 1 AND SLEEP(2) = 0';

/** A saved custom query in the catalogue, by its title. */
const customQuery = (queries: QueriesPage, title: string) =>
  queries.page.locator('[data-testid="query-item"][data-query^="custom:"]').filter({ hasText: title });

/** What the journey reads of the page's globals (the e2e is compiled without DOM types). */
interface PageGlobals {
  document: { documentElement: { scrollWidth: number } };
}

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the run journey');
  const sandbox = await createSandbox({
    spec: { name, binaryPath: mariadb.path, bufferPoolSize: '16M' },
  });
  // The data is a fixture here (the dataset journey is about loading): SF 0.1, lineorder ~60 MB.
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.1 } });
  for (let waited = 0; ; waited += 1000) {
    const { datasets } = await mustCall('datasets/list', { profileId: sandbox.profileId });
    const state = datasets.find((d) => d.schema === SCHEMA)?.state;
    if (state === 'complete') break;
    if ((state && state !== 'loading') || waited > 240_000)
      throw new Error(`e2e: the fixture load ended ${state}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  // A cold pool for Q1.1.
  await mustCall('sandboxes/restart', { id: sandbox.id });
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test('a query run: catalogue, live LRU map and bars, cancel, result', async ({ page }) => {
  const app = await openApp(page);
  const queries = await openQueries(app, `Sandbox ${name}`, SCHEMA);

  await test.step('the catalogue: 13 SSB queries in 4 flights, Q1.1 with its join orders', async () => {
    await expect(queries.flights).toHaveCount(4);
    await expect(queries.page.locator('[data-testid="query-item"][data-query^="Q"]')).toHaveCount(13);
    await queries.query('Q1.1').click();
    await expect(queries.sql).toContainText('lo_discount between 1 and 3', { ignoreCase: true });
    await queries.variant('straight-dim-first').click();
    await expect(queries.sql).toContainText('straight_join', { ignoreCase: true });
  });

  await test.step('EXPLAIN preview on the dataset', async () => {
    await previewExplain(queries, 'Q1.1', 'base');
    await expect(queries.explainTable).toContainText('lineorder');
    await expect(queries.explainTable).toContainText('dim_date');
  });

  await test.step('custom SQL that writes is refused in words; a read is saved', async () => {
    await saveCustomQuery(queries, { title: 'Wipe it', sql: 'DELETE FROM lineorder' });
    await expect(queries.editorError).toContainText('Only reads can run');
    await saveCustomQuery(queries, { title: SLOW_SCAN, sql: SLOW_SCAN_SQL });
    await expect(queries.editor).toHaveCount(0);
    await expect(queries.page.locator('[data-testid="query-flight"][data-flight="Custom"]')).toContainText(
      SLOW_SCAN,
    );
  });

  await test.step('Q1.1 runs to its result from a cold pool', async () => {
    const runs = await startRun(queries, { queryId: 'Q1.1', variant: 'straight-dim-first', poll: '50' });
    await expect(runs.result).toBeVisible({ timeout: 120_000 });
    await expect(runs.section('outcome')).toContainText('complete');
    // The result view holds the window: its wide tables scroll inside their boxes.
    expect(await app.outsideWindow()).toEqual([]);
  });

  await test.step('live: the LRU map and the bars change between frames while the scan runs', async () => {
    // The scan sleeps 2 s at every 8,192nd order (18 of them at SF 0.1), reading the next stretch of
    // lineorder in between: the pool changes every 2 s for about 36 s, however fast the machine, and
    // every picture and every value of the bars drawn is recorded from before Run.
    const runs = new RunsPage(page);
    await runs.recordBars();
    await runs.recordMap();
    await app.tab('queries').click();
    await customQuery(queries, SLOW_SCAN).click();
    await queries.poll.fill('50');
    await queries.run.click();
    await expect(runs.live).toBeVisible();
    // A custom query is titled by its id, made from its title.
    await expect(runs.liveTitle).toContainText('custom:scan-lineorder-slowly');
    await expect(runs.mapCanvas).toHaveAttribute('data-frame-at', /\d/);
    expect((await runs.readMap()).coloured).toBeGreaterThan(0);
    await expect.poll(async () => (await runs.mapsSeen()).length, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect.poll(async () => (await runs.barsSeen()).length, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(runs.bars).toContainText('lineorder');
    await expect(runs.mapLegend).toContainText('lineorder');
    // The smallest window keeps its layout: nothing sticks out sideways. The pointer is moved off the
    // charts first: it rests where Run was clicked, and a chart's hover tooltip is not the layout.
    await page.mouse.move(0, 0);
    const scrollWidth = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
    );
    // On failure the message names what sticks out.
    expect(scrollWidth, (await app.outsideWindow()).join('\n')).toBeLessThanOrEqual(1024);
    await expect(runs.live).toBeVisible();
    const path = readmePicture('live-view.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path });
  });

  await test.step("while the scan runs, the Queries screen does not resize its sandbox's pool", async () => {
    // bplab's own run holds no lease against itself: the screen waits for it, and says why.
    await app.tab('queries').click();
    await expect(queries.poolSize).toHaveText('16 MiB');
    await expect(queries.poolResize).toBeDisabled();
    await expect(queries.poolResizeSaid).toContainText(
      'a run is under way on this sandbox (custom:scan-lineorder-slowly',
    );
    await app.tab('runs').click();
    await expect(new RunsPage(page).live).toBeVisible();
  });

  await test.step('the scan is cancelled and keeps what was captured', async () => {
    const runs = new RunsPage(page);
    await cancelRun(runs);
    await expect(runs.result).toHaveAttribute('data-state', 'cancelled');
    await expect(runs.section('settings')).toContainText('16 MiB');
    await expect(page.getByTestId('samples-map-canvas')).toHaveAttribute('data-frame-at', /\d/);
  });

  await test.step('the result view of Q1.1: every section', async () => {
    const runs = new RunsPage(page);
    // Newest first: the cancelled run, then Q1.1 (earlier journeys' runs are on other schemas).
    await expect(runs.rowsOn(SCHEMA)).toHaveCount(2);
    await openRun(runs, 1, runs.rowsOn(SCHEMA));
    await expect(runs.section('outcome')).toContainText('Q1.1 (straight-dim-first)');
    await expect(page.getByTestId('run-rows')).toHaveText('1');
    await expect(page.getByTestId('run-checksum')).not.toHaveText('—');
    await expect(runs.section('settings')).toContainText('innodb_old_blocks_time');
    await expect(runs.section('explain').getByTestId('explain-table')).toContainText('lineorder');
    // The plan that ran, read from the control connection while Q1.1 ran (SHOW EXPLAIN FOR / EXPLAIN FOR CONNECTION).
    await expect(runs.section('explain').getByTestId('plan-source')).toHaveAttribute(
      'data-source',
      'during-run',
    );
    await expect(runs.section('explain').getByTestId('plan-source')).toContainText('The plan that ran');
    await runs.section('explain').getByText('FORMAT=JSON').click();
    await expect(runs.section('explain').getByTestId('json-node').first()).toBeVisible();
    await expect(page.getByTestId('profile-source')).toHaveText('SHOW PROFILE ALL');
    await expect(page.getByTestId('profile-table')).toBeVisible();
    await expect(
      page.locator('[data-testid="status-row"][data-name="Innodb_buffer_pool_read_requests"]'),
    ).toContainText('global (all sessions)');
    await expect(runs.section('pool-stats')).toContainText('NUMBER_PAGES_READ');
    const clustered = page.locator('[data-testid="lru-diff-row"][data-key$="lineorder/GEN_CLUST_INDEX"]');
    await expect(clustered).toBeVisible();
    await expect(clustered).toContainText('+');
    await expect(page.getByTestId('samples-map-canvas')).toHaveAttribute('data-frame-at', /\d/);
  });

  await test.step('what a 16 MB MariaDB pool leaves free, EXPLAIN in its card, the what-if answered in words', async () => {
    const runs = new RunsPage(page);
    // Most of the pool is free before the query (a restarted 16 MB pool): drawn hatched, in the legend,
    // and said why. The frame before the query, whose figures are the pool stats read then: at the last
    // frame MariaDB's cleaner may or may not have caught up with the reads (a loaded CI machine: not).
    await expect(page.getByTestId('samples-map-legend-free')).toContainText('free blocks');
    await page.getByTestId('samples-map-frame').fill('0');
    await expect(page.getByTestId('samples-map-frame-moment')).toHaveText('before the query');
    await expect(page.getByTestId('samples-map-free-note')).toContainText(
      /the page cleaner keeps innodb_lru_scan_depth \([\d,]+\) blocks free in each pool instance\. No old sublist has formed/,
    );
    // EXPLAIN is no wider than its section at either width, rows and Extra in view.
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      const fit = (await page.evaluate(`(() => {
        const s = document.querySelector('[data-testid="run-section-explain"]');
        const t = s.querySelector('[data-testid="explain-table"]');
        return { section: s.clientWidth, table: Math.ceil(t.getBoundingClientRect().width) };
      })()`)) as { section: number; table: number };
      expect(fit.table, `EXPLAIN at ${size.width} px`).toBeLessThanOrEqual(fit.section);
      await expect(runs.section('explain').getByTestId('explain-table')).toContainText('Extra');
    }
    await page.setViewportSize({ width: 1024, height: 700 });
    const whatif = runs.section('whatif');
    await whatif.getByRole('button', { name: 'Simulate' }).click();
    await expect(whatif.getByTestId('whatif-answer')).toContainText(
      /^(The working set fits from|The curve drops to|No knee)/,
      {
        timeout: 120_000,
      },
    );
    await expect(whatif.getByTestId('whatif-assumptions')).toHaveCount(1);
  });

  await test.step("the sandbox's pool resized from the Queries screen: refused in words, then the new size", async () => {
    await app.tab('queries').click();
    await expect(queries.poolSize).toHaveText('16 MiB');
    await expect(queries.poolResize).toBeEnabled();
    // A size the server cannot take: main's refusal under the field, nothing changed.
    await resizePool(queries, '1T');
    await expect(queries.poolResizeError).toContainText(
      `Sandbox "${name}" cannot take it: a buffer pool of 1T`,
    );
    await expect(queries.poolSize).toHaveText('16 MiB');
    await resizePool(queries, '32M');
    await expect(queries.poolResizeSaid).toHaveText(/^Pool now 32 MiB, kept across restarts: /, {
      timeout: 120_000,
    });
    // Read back from the server, not what was asked.
    await expect(queries.poolSize).toHaveText('32 MiB');
    await expect(queries.poolResizeError).toHaveCount(0);
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      expect(await app.outsideWindow(), `the Queries screen at ${size.width} px`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`queries-resized-${size.width}.png`) });
    }
  });
});
