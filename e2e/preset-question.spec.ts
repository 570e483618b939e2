/**
 * Post 001's preset, built in the Experiments screen on a real MariaDB sandbox (16 MB pool, SF 0.01),
 * with a custom query saved beforehand on another schema: the preset leaves the custom query unticked.
 * Cut to 3 of its 13 queries (Q1.1, Q2.1, Q3.1), it runs innodb_old_blocks_time 1000 and 0, each
 * through the OS page cache and with O_DIRECT, cold then runs 1, 2 and 3. Its Compare opens on the
 * preset's question: the first heading and the first sentence name innodb_old_blocks_time 1000 against
 * 0 (within one flush method, the other beside it, never the two flush methods), above every table and
 * above the fold, at 1024×700 and 1440×900; the published figures the cut run could not measure are
 * one line, after the answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { buildFromPreset } from './actions/build-from-preset';
import { compareFinishedExperiment } from './actions/compare-finished-experiment';
import { keepQueries } from './actions/keep-queries';
import { openApp } from './actions/open-app';
import { openExperiments } from './actions/open-experiments';
import { startExperiment } from './actions/start-experiment';
import { PublishedFiguresPanel } from './pages/published-figures';
import { createSandbox, deleteSandboxes, mustCall, waitForDatasetLoad } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-question';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const CONNECTION = `Sandbox ${name}`;
const SCHEMA = 'ssb_question';
let customId = '';

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the preset question journey');
  const sandbox = await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '16M' } });
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.01 } });
  expect(await waitForDatasetLoad(sandbox.profileId, SCHEMA, 240_000)).toBe('complete');
  // A custom query of the user's own, on a schema the preset's dataset does not have.
  const saved = await mustCall('queries/save', {
    draft: {
      title: 'Orders of the shop',
      variants: [{ variant: 'base', label: 'as written', sql: 'SELECT COUNT(*) FROM shop.orders' }],
    },
  });
  customId = saved.id;
});

test.afterAll(async () => {
  if (customId) await mustCall('queries/delete', { id: customId });
  await deleteSandboxes(PREFIX);
});

/** Every visible table's top, below the headline's first sentence. */
async function tableTops(page: Page): Promise<number[]> {
  return page.evaluate(`(() =>
    [...document.querySelectorAll('[data-testid="compare-screen"] table')]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => t.getBoundingClientRect().top + window.scrollY))()`);
}

test("post 001's preset cut to 3 queries: its Compare opens on innodb_old_blocks_time 1000 against 0", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const app = await openApp(page);
  const experiments = await openExperiments(app);

  await test.step('the preset ticks its SSB queries, never the custom query', async () => {
    await buildFromPreset(experiments, {
      connection: CONNECTION,
      schema: SCHEMA,
      presetId: 'old-blocks-time',
    });
    await expect(experiments.query(customId)).toHaveCount(1);
    await expect(experiments.query(customId)).not.toBeChecked();
    await expect(experiments.pickedQueries).toHaveCount(13);
    await keepQueries(experiments, ['Q1.1', 'Q2.1', 'Q3.1']);
    // 2 settings × 2 flush methods × 3 queries × (cold + runs 1, 2, 3).
    await expect(experiments.summary).toHaveAttribute('data-runs', String(2 * 2 * 3 * 4));
  });

  await test.step('it runs to the end', async () => {
    await startExperiment(experiments);
    await expect(experiments.run).toHaveAttribute('data-state', 'complete', { timeout: 360_000 });
    await expect(experiments.end).toHaveText('Completed: all 48 runs done.');
  });

  const compare = await compareFinishedExperiment(experiments);
  const published = new PublishedFiguresPanel(page);
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await test.step(`at ${size.width}×${size.height}: the question first, above every table and the fold`, async () => {
      await page.setViewportSize(size);
      await page.evaluate('window.scrollTo(0, 0)');
      const heading = compare.screen.locator('h2').first();
      await expect(heading).toHaveText(
        'innodb_old_blocks_time 1000 against 0, within each innodb_flush_method',
      );
      const first = compare.headline.first();
      await expect(first).toHaveText(
        /^innodb_flush_method=fsync: innodb_old_blocks_time=1000 (is [\d.]+× slower than|is faster than|and) innodb_old_blocks_time=0\b/,
      );
      // The other flush method's pair beside it; no line is about the two flush methods.
      await expect(compare.headline).toHaveCount(2);
      await expect(compare.headline.nth(1)).toHaveText(
        /^innodb_flush_method=O_DIRECT: innodb_old_blocks_time=1000 /,
      );
      for (const line of await compare.headline.allTextContents())
        expect(line).not.toMatch(/innodb_flush_method=O_DIRECT (is|and) /);
      await expect(compare.legend).toHaveText(
        'A = innodb_old_blocks_time=0 · innodb_flush_method=fsync · B = innodb_old_blocks_time=1000 · innodb_flush_method=fsync',
      );
      await expect(page.getByTestId('compare-ratios')).toHaveText("Every ratio is B's time over A's.");
      const box = (await page.getByTestId('compare-headline').boundingBox())!;
      expect(box.y + box.height, 'the headline above the fold').toBeLessThanOrEqual(size.height);
      const below = (await first.boundingBox())!;
      const tops = await tableTops(page);
      expect(tops.length).toBeGreaterThan(0);
      for (const top of tops) expect(top).toBeGreaterThan(below.y + below.height);
      // The published figures after the answer: the two measured, the eight the cut run could not, one line.
      const panelTop = (await published.panel.boundingBox())!.y;
      expect(panelTop).toBeGreaterThan(box.y);
      expect(panelTop).toBeLessThan((await page.getByTestId('compare-findings').boundingBox())!.y);
      await expect(published.figures.filter({ visible: true })).toHaveCount(2);
      await expect(page.getByTestId('published-unmeasured-line')).toHaveText(
        '8 of 10 published figures not measured: the experiment runs 3 of the 13 queries the figure sums.',
      );
      await page.evaluate('window.scrollTo(0, 0)');
      // The docs' picture of the comparison: what a 1024×700 window shows first.
      if (size.width === 1024) await page.screenshot({ path: readmePicture('comparison.png') });
    });
  }
});
