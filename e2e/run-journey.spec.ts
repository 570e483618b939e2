/**
 * The run journey on a real MariaDB sandbox with a 16 MB buffer pool and SSB data larger than it:
 * the Queries screen (catalogue, variants, EXPLAIN preview, a custom query refused and one saved),
 * Q1.1 run live (the LRU map's canvas and the bars change between frames), a second run cancelled,
 * and the result view's sections. At 1024×700, the smallest window bplab supports.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cancelRun } from './actions/cancel-run';
import { openApp } from './actions/open-app';
import { openQueries } from './actions/open-queries';
import { openRun } from './actions/open-run';
import { previewExplain } from './actions/preview-explain';
import { saveCustomQuery } from './actions/save-custom-query';
import { startRun } from './actions/start-run';
import { RunsPage, type MapReading } from './pages/runs-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-runs';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const SCHEMA = 'ssb_runs';

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
    await saveCustomQuery(queries, { title: 'Wait a while', sql: 'SELECT SLEEP(120) AS waited' });
    await expect(queries.editor).toHaveCount(0);
    await expect(queries.page.locator('[data-testid="query-flight"][data-flight="Custom"]')).toContainText(
      'Wait a while',
    );
  });

  let first: MapReading | null = null;
  await test.step('Q1.1 live: the LRU map and the bars change between frames', async () => {
    await new RunsPage(page).recordBars();
    const runs = await startRun(queries, { queryId: 'Q1.1', variant: 'straight-dim-first', poll: '50' });
    await expect(runs.live).toBeVisible();
    await expect(runs.liveTitle).toContainText('Q1.1');
    await expect(runs.mapCanvas).toHaveAttribute('data-frame-at', /\d/);
    await expect(runs.bars).toBeVisible();
    first = await runs.readMap();
    expect(first.coloured).toBeGreaterThan(0);
    await expect
      .poll(async () => (await runs.readMap()).frameAt, { timeout: 20_000, intervals: [50] })
      .not.toBe(first.frameAt);
    const second = await runs.readMap();
    expect(second.digest).not.toBe(first.digest);
    // The bars follow the same walks as the map: from the cold pool's first frame on they change (every
    // value they took was recorded, so a short run that ends on its first counts is still seen).
    await expect.poll(async () => (await runs.barsSeen()).length, { timeout: 20_000 }).toBeGreaterThan(1);
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
    const path = process.env.BPLAB_E2E_SCREENSHOT
      ? join(__dirname, '..', 'docs', 'live-view.png')
      : test.info().outputPath('live-view.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path });
    await expect(runs.result).toBeVisible({ timeout: 120_000 });
    await expect(runs.section('outcome')).toContainText('complete');
    // The result view holds the window too: its wide tables scroll inside their boxes.
    expect(await app.outsideWindow()).toEqual([]);
  });

  await test.step('a second run is cancelled and keeps what was captured', async () => {
    await app.tab('queries').click();
    await queries.page.locator('[data-testid="query-item"][data-query^="custom:"]').first().click();
    await queries.run.click();
    const runs = new RunsPage(page);
    await expect(runs.live).toBeVisible();
    await cancelRun(runs);
    await expect(runs.result).toHaveAttribute('data-state', 'cancelled');
    await expect(runs.section('settings')).toContainText('16 MiB');
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
});
