/**
 * The live map a person can read (issue 41, items 10–12), on a real MySQL 8.0.31 sandbox with a 32 MB
 * pool and SSB at SF 0.1 (lineorder ~60 MB): Q3.1 watched at 'auto' from a cold pool shows the pool move
 * (a frame before the query, at least one during it, one after) and states what watching cost once;
 * its legend lists the dataset's indexes first, each in one colour that a second run of another query
 * gives it again, and the server's own pages in a few grouped entries; the LRU composition table fits
 * its box at 1024 and 1440.
 */
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './actions/open-app';
import { openQueries } from './actions/open-queries';
import { startRun } from './actions/start-run';
import { RunsPage } from './pages/runs-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-livemap';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const SCHEMA = 'ssb_live';
let sandboxId = '';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mysql = binaries.find((b) => b.flavor === 'mysql' && b.version.startsWith('8.0.31'));
  if (!mysql) throw new Error('e2e: no MySQL 8.0.31 found for the live map journey');
  const sandbox = await createSandbox({ spec: { name, binaryPath: mysql.path, bufferPoolSize: '32M' } });
  sandboxId = sandbox.id;
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.1 } });
  for (let waited = 0; ; waited += 1000) {
    const { datasets } = await mustCall('datasets/list', { profileId: sandbox.profileId });
    const state = datasets.find((d) => d.schema === SCHEMA)?.state;
    if (state === 'complete') break;
    if ((state && state !== 'loading') || waited > 300_000)
      throw new Error(`e2e: the fixture load ended ${state}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
});
test.afterAll(async () => deleteSandboxes(PREFIX));

/** A cold pool, then the query run from the Queries screen at 'auto', watched live to its result. */
async function watchedRun(page: Page, queryId: string): Promise<{ runs: RunsPage; live: string[] }> {
  await mustCall('sandboxes/restart', { id: sandboxId });
  const app = await openApp(page);
  const queries = await openQueries(app, `Sandbox ${name}`, SCHEMA);
  await queries.query(queryId).click();
  const recorder = new RunsPage(page);
  await recorder.recordFrames();
  const runs = await startRun(queries, { queryId, variant: 'base', poll: 'auto' });
  await expect(runs.result).toBeVisible({ timeout: 180_000 });
  await expect(runs.result).toHaveAttribute('data-state', 'complete');
  return { runs, live: await runs.framesSeen() };
}

test('a watched Q3.1 on a 32 MB pool: frames before, during and after, one cost, a legend that holds', async ({
  page,
}) => {
  test.setTimeout(480_000);
  let lineorderColor = '';

  await test.step('Q3.1 watched at auto: at least three LRU frames, the first before the query and the last after', async () => {
    const { runs, live } = await watchedRun(page, 'Q3.1');
    // The live map drew frames while the run went on (the first as soon as the page followed the run).
    expect(live.length, live.join(' ')).toBeGreaterThanOrEqual(1);
    const slider = page.getByTestId('samples-map-frame');
    const frames = Number(await slider.getAttribute('max')) + 1;
    expect(frames).toBeGreaterThanOrEqual(3);
    await slider.fill('0');
    await expect(page.getByTestId('samples-map-frame-moment')).toHaveText('before the query');
    await slider.fill(String(frames - 1));
    await expect(page.getByTestId('samples-map-frame-moment')).toHaveText(/^after the query/);
    await slider.fill('1');
    await expect(page.getByTestId('samples-map-frame-moment')).toHaveText(/^at [\d.]+ m?s$/);

    // What watching cost, said once: the frames and one share of the query's time.
    const cost = runs.section('outcome').getByTestId('run-observer-cost');
    await expect(cost).toHaveText(
      new RegExp(
        `^Watching it: ${frames} LRU frames: one before the query, ${frames - 2} during it \\([\\d.]+ m?s inside them\\), one after; the poller took [\\d.]+% of the query’s time \\(auto keeps it near 5%\\)`,
      ),
    );
    const shares = await runs.result.evaluate(
      (el) => (el.textContent ?? '').match(/took [\d.]+% of the query/g) ?? [],
    );
    expect(shares).toHaveLength(1);
    await expect(page.getByTestId('poller-share')).toHaveCount(0);
  });

  await test.step('its legend: the dataset’s indexes first, the server’s own in a few grouped entries', async () => {
    const runs = new RunsPage(page);
    const entries = await runs.legendEntries();
    const firstServer = entries.findIndex((e) => e.key.startsWith('server:'));
    expect(firstServer).toBeGreaterThan(0);
    expect(entries.slice(0, firstServer).every((e) => e.key.startsWith(`${SCHEMA}.`))).toBe(true);
    const server = entries.slice(firstServer);
    expect(server.every((e) => e.key.startsWith('server:'))).toBe(true);
    expect(server.length).toBeLessThanOrEqual(3);
    // After a restart MySQL 8.0's dictionary holds dozens of indexes: one entry says how many.
    expect(server.find((e) => e.key === 'server:dictionary')?.text).toMatch(/\(\d+ indexes\)$/);
    expect(entries.length).toBeLessThan(15);
    const lineorder = entries.find((e) => e.key === `${SCHEMA}.lineorder/GEN_CLUST_INDEX`);
    expect(lineorder).toBeDefined();
    lineorderColor = lineorder!.color;
    // Each user index its own colour; the bars draw each in the map's.
    const users = entries.slice(0, firstServer);
    expect(new Set(users.map((e) => e.color)).size).toBe(users.length);
    expect((await runs.barColors()).get(`${SCHEMA}.lineorder/GEN_CLUST_INDEX`)).toBe(lineorderColor);
  });

  await test.step('the LRU composition table fits its box at 1440 and 1024', async () => {
    const runs = new RunsPage(page);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      const box = runs.section('lru').locator('.table-scroll');
      await box.scrollIntoViewIfNeeded();
      const fit = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(fit.scroll, `LRU composition at ${size.width} px`).toBeLessThanOrEqual(fit.client);
      await expect(runs.section('lru').getByTestId('lru-diff-row').first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`lru-table-${size.width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('another query in another run: lineorder keeps its colour', async () => {
    const { runs } = await watchedRun(page, 'Q1.1');
    const entries = await runs.legendEntries();
    expect(entries.find((e) => e.key === `${SCHEMA}.lineorder/GEN_CLUST_INDEX`)?.color).toBe(lineorderColor);
    await page.getByTestId('run-section-samples').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('second-run.png') });
  });
});
