/**
 * Post 001's preset with its published figures, run on a real MariaDB sandbox (16 MB pool, SF 0.01,
 * its 13 queries, cold then run 1 only; the post's totals are of all 13, so a subset would get no
 * verdict): the preset reads through the OS page cache and with O_DIRECT,
 * and its file carries the post's own figures. Opened on the comparison screen with no server, the
 * published figures come first: a headline counting the verdicts, each figure beside what this run
 * measured, once per flush method, with its verdict in words and the counters that explain it; the
 * passes the narrowed run did not make are said to be not measured. Then, on the same file, a vendor's
 * figure added on the Compare screen is judged at once (a bad value first, said in words with what
 * was typed kept), and a figure taken from an earlier result's file is judged beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { addRatioFigure } from './actions/add-reference';
import { openResultsFile } from './actions/open-results-file';
import { PublishedFiguresPanel } from './pages/published-figures';
import { ReferenceFormPanel } from './pages/reference-form';
import { createSandbox, deleteSandboxes, mustCall, waitForDatasetLoad } from './support/api';

const PREFIX = 'e2e-published';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const SCHEMA = 'ssb_published';
let dir = '';
let resultsFile = '';

/** The verdicts a measured figure can get (a figure not measured says so instead). */
const VERDICT = /^(reproduced \(within 10%\)|same direction, smaller|same direction, larger|opposite)$/;

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  dir = mkdtempSync(join(tmpdir(), 'bplab-e2e-published-'));
  resultsFile = join(dir, 'post001.bplab.json');
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the published figures journey');
  const sandbox = await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '16M' } });
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.01 } });
  expect(await waitForDatasetLoad(sandbox.profileId, SCHEMA, 300_000)).toBe('complete');
  const preset = await mustCall('experiments/preset', {
    presetId: 'old-blocks-time',
    servers: [{ label: 'MariaDB', profileId: sandbox.profileId, sandboxId: sandbox.id }],
    schema: SCHEMA,
  });
  // The preset as built, narrowed to one hot run: its figures travel with it unchanged.
  await mustCall('experiments/start', {
    file: resultsFile,
    definition: { ...preset, protocol: { ...preset.protocol, hotRuns: 1 } },
  });
  for (let waited = 0; ; waited += 1000) {
    const opened = await mustCall('experiments/open', { file: resultsFile, samples: 'none' }).catch(
      () => null,
    );
    if (opened && opened.state !== 'running') {
      expect(opened.state).toBe('complete');
      break;
    }
    if (waited > 300_000) throw new Error('e2e: the experiment did not end in 5 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  await deleteSandboxes(PREFIX);
});

test.afterAll(async () => {
  await deleteSandboxes(PREFIX);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("post 001's figures beside the run's, with verdicts, first on the comparison screen", async ({
  page,
}) => {
  const app = await openApp(page);
  await openResultsFile(app, resultsFile);
  const published = new PublishedFiguresPanel(page);
  await expect(published.panel).toBeVisible();
  // The answer first: the comparison's own headline (the preset's question), then the published figures.
  const top = (await published.panel.boundingBox())!.y;
  await expect(page.getByTestId('compare-headline').first()).toBeVisible();
  expect(top).toBeGreaterThan((await page.getByTestId('compare-headline').first().boundingBox())!.y);
  // 6 figures; the four per-pass ratios and Q1.1's are measured once per flush method: 10 rows. Cold
  // and run 1 were measured (4 rows); run 2, run 3 and Q1.1's run 3 fold into one line.
  await expect(published.figures).toHaveCount(10);
  await expect(published.figures.filter({ visible: true })).toHaveCount(4);
  await expect(published.headline).toHaveText(/^Published figures against bplab's: \d+ of 4 .*\.$/);
  await expect(page.getByTestId('published-unmeasured-line')).toHaveText(
    '6 of 10 published figures not measured: Q1.1 has no complete run 2; Q1.1 has no complete run 3.',
  );

  await test.step("run 1: the post's 1.81× beside the page cache's and O_DIRECT's, each judged", async () => {
    const run1 = published.figure('13-query total, run 1: innodb_old_blocks_time 1000 over 0');
    await expect(run1).toHaveCount(2);
    await expect(run1.nth(0)).toContainText('innodb_flush_method=fsync');
    await expect(run1.nth(1)).toContainText('innodb_flush_method=O_DIRECT');
    for (const row of [run1.nth(0), run1.nth(1)]) {
      await expect(row.locator('td').nth(1)).toHaveText('1.81×');
      await expect(row.locator('td').nth(2)).toHaveText(/^\d+\.\d+×$/);
      await expect(row.getByTestId('published-verdict')).toHaveText(VERDICT);
      await expect(row).toContainText('post 001, table “Star Schema Benchmark – Scale Factor 1');
      // Under the verdict, the counters that explain it, each side's.
      const explained = row.getByTestId('published-explained');
      await expect(explained).toContainText(
        /pages read into the pool \(Innodb_pages_read\): [\d,]+ \(innodb_old_blocks_time=1000\) against [\d,]+ \(innodb_old_blocks_time=0\)/,
      );
      await expect(explained).toContainText('pages not made young:');
      // Where post 001's own difference was, at the same pages: the server's CPU time, each side's.
      await expect(explained).toContainText(
        /CPU time the server used: [\d.]+ m?s \(innodb_old_blocks_time=1000\) against [\d.]+ m?s \(innodb_old_blocks_time=0\)/,
      );
    }
  });

  await test.step('the passes this run did not make are not measured, and say why', async () => {
    const run3 = published.figure('13-query total, run 3');
    await expect(run3).toHaveCount(2);
    await expect(run3.first()).toHaveAttribute('data-verdict', 'not-measured');
    await expect(run3.first().getByTestId('published-verdict')).toHaveText('not measured');
    await expect(run3.first()).toContainText(/not measured: Q1\.1 has no complete run 3 in MariaDB · /);
  });
});

test("a vendor's figure added on the Compare screen is judged at once; a bad value is said in words", async ({
  page,
}) => {
  const app = await openApp(page);
  await openResultsFile(app, resultsFile);
  const published = new PublishedFiguresPanel(page);
  await expect(published.figures).toHaveCount(10);
  const form = new ReferenceFormPanel(page);
  const vendor = {
    first: 'innodb_old_blocks_time=1000 · innodb_flush_method=fsync',
    second: 'innodb_old_blocks_time=0 · innodb_flush_method=fsync',
    pass: 'run 1',
    name: 'run 1, the vendor’s ratio',
    source: 'vendor’s tuning guide',
    where: 'page 4',
  };

  await test.step('a bad value is said in words, and what was typed stays', async () => {
    await addRatioFigure(form, { ...vendor, value: '1,5x' });
    await expect(form.error('value')).toHaveText(
      'a number, such as 1.8 or 92301 (a dot before the decimals, no unit or thousands commas)',
    );
    await expect(form.field('value')).toHaveValue('1,5x');
    await expect(form.field('source')).toHaveValue('vendor’s tuning guide');
    await expect(form.field('label')).toHaveValue('run 1, the vendor’s ratio');
    await expect(form.field('other')).toHaveValue(/innodb_old_blocks_time=0 · innodb_flush_method=fsync$/);
    await expect(published.figures).toHaveCount(10);
  });

  await test.step('the figure fixed and added: its verdict at once, beside the posts’ figures', async () => {
    await form.field('value').fill('1.5');
    await expect(form.error('value')).toHaveCount(0);
    await form.save.click();
    await expect(form.added).toContainText('Added “run 1, the vendor’s ratio”');
    await expect(published.figures).toHaveCount(11);
    await expect(published.headline).toHaveText(/^Published figures against bplab's: \d+ of 5 .*\.$/);
    const row = published.figure('run 1, the vendor’s ratio');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('1.50×');
    await expect(row.locator('td').nth(2)).toHaveText(/^\d+\.\d+×$/);
    await expect(row.getByTestId('published-verdict')).toHaveText(VERDICT);
    await expect(row).toContainText('vendor’s tuning guide, page 4');
  });

  await test.step("an earlier result's figure taken as the value, and judged", async () => {
    // The same file read as an earlier result: its own measurement again, so within 10% of itself.
    await form.field('kind').selectOption({ label: 'a ratio between two configurations' });
    await form.field('side').selectOption({ label: vendor.first });
    await form.field('other').selectOption({ label: vendor.second });
    await form.field('earlier').fill(resultsFile);
    await form.takeEarlier.click();
    await expect(form.field('value')).toHaveValue(/^\d+(\.\d+)?$/);
    await expect(form.field('source')).toHaveValue('earlier result post001');
    await form.field('label').fill('run 1, our earlier ratio');
    await form.save.click();
    const row = published.figure('run 1, our earlier ratio');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('published-verdict')).toHaveText('reproduced (within 10%)');
    await expect(published.figures).toHaveCount(12);
  });
});
