/**
 * The experiment journey on a real MariaDB sandbox (16 MB pool, innodb_old_blocks_time 500 of its
 * own, a tiny SSB dataset): the "innodb_old_blocks_time 1000 vs 0" preset built in the builder and
 * narrowed to Q1.1, cold then one hot run, polled every 50 ms (the run count and the estimate follow
 * the edits); a dataset missing on the server keeps Start disabled and says why; the experiment runs
 * (progress, the current run's live LRU map), ends with what was put back, and the sandbox's globals
 * are its own again; Save as… to a path, File → New, then File → Open of the saved file shows both
 * configurations' runs. Its Compare shows its two settings. Then the "Q1.1 join order both ways" preset
 * (one configuration, two variants), cold then one hot run, compared from its finished screen in one
 * click: that experiment shown (not the first one's sides), the two variants side by side, the EXPLAIN
 * diff first. At 1024×700, the smallest window bplab supports.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { buildFromPreset } from './actions/build-from-preset';
import { compareFinishedExperiment } from './actions/compare-finished-experiment';
import { keepQueries } from './actions/keep-queries';
import { openApp } from './actions/open-app';
import { openExperimentFile } from './actions/open-experiment-file';
import { openExperiments } from './actions/open-experiments';
import { saveExperimentAs } from './actions/save-experiment-as';
import { visitScreen } from './actions/visit-screen';
import { startExperiment } from './actions/start-experiment';
import type { AppPage } from './pages/app-page';
import type { ExperimentsPage } from './pages/experiments-page';
import { createSandbox, deleteSandboxes, mustCall, waitForDatasetLoad } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-experiments';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const CONNECTION = `Sandbox ${name}`;
const SCHEMA = 'ssb_experiments';
/** The sandbox's own setting: neither of the preset's values, so a global left behind shows. */
const OWN_OLD_BLOCKS_TIME = 500;
const OWN_POOL_BYTES = 16 * 1024 * 1024;
let port = 0;
let dir = '';

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), 'bplab-e2e-experiments-'));
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the experiment journey');
  const sandbox = await createSandbox({
    spec: { name, binaryPath: mariadb.path, bufferPoolSize: '16M', oldBlocksTimeMs: OWN_OLD_BLOCKS_TIME },
  });
  port = sandbox.port;
  // The data is a fixture (the dataset journey is about loading): SF 0.01, Q1.1 in well under a second.
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.01 } });
  expect(await waitForDatasetLoad(sandbox.profileId, SCHEMA)).toBe('complete');
});

test.afterAll(async () => {
  await deleteSandboxes(PREFIX);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The sandbox's globals as the server says them (a connection of the test's own, not bplab's). */
async function globals(): Promise<{ oldBlocksTime: number; poolBytes: number }> {
  const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
  try {
    const [rows] = await c.query<mysql.RowDataPacket[]>(
      'SELECT @@GLOBAL.innodb_old_blocks_time AS t, @@GLOBAL.innodb_buffer_pool_size AS p',
    );
    return { oldBlocksTime: Number(rows[0]?.t), poolBytes: Number(rows[0]?.p) };
  } finally {
    await c.end();
  }
}

/**
 * The summary's figures: its run count, the estimate in seconds, and the seconds it says it counts
 * per query and per restart ("4 runs · about 0:40 (a query counted as 5 s until timed, a restart 10 s)").
 */
async function summaryFigures(experiments: ExperimentsPage) {
  const text = (await experiments.summary.textContent()) ?? '';
  const m =
    /^(\d+) runs? · about (\d+):(\d\d) \(a query counted as (\d+) s until timed, a restart (\d+) s\)$/.exec(
      text,
    );
  if (!m) throw new Error(`e2e: the summary does not read as runs and an estimate: "${text}"`);
  return {
    runs: Number(m[1]),
    estimatedSec: Number(m[2]) * 60 + Number(m[3]),
    querySec: Number(m[4]),
    restartSec: Number(m[5]),
  };
}

/** Nothing reaches past the window's right edge (the pointer is moved off the charts first). */
async function holdsTheWindow(app: AppPage): Promise<void> {
  await app.page.mouse.move(0, 0);
  expect(await app.outsideWindow()).toEqual([]);
}

test('old_blocks_time and join order: each run, each compared in turn from its finished screen', async ({
  page,
}) => {
  const app = await openApp(page);
  const experiments = await openExperiments(app);
  const saved = join(dir, 'old-blocks-time.bplab.json');

  await test.step('the preset on the sandbox, narrowed to Q1.1: runs and estimate follow the edits', async () => {
    expect(await globals()).toEqual({ oldBlocksTime: OWN_OLD_BLOCKS_TIME, poolBytes: OWN_POOL_BYTES });
    await buildFromPreset(experiments, {
      connection: CONNECTION,
      schema: SCHEMA,
      presetId: 'old-blocks-time',
    });
    await expect(experiments.name).toHaveValue(/old_blocks_time 1000 vs 0/);
    await expect(experiments.matrixValues('innodb_old_blocks_time')).toHaveCount(2);
    await expect(experiments.matrixValues('innodb_old_blocks_time').nth(0)).toContainText('1000');
    await expect(experiments.matrixValues('innodb_old_blocks_time').nth(1)).toContainText('0');
    await expect(experiments.matrixValues('innodb_buffer_pool_size')).toHaveCount(1);
    await expect(experiments.cold).toBeChecked();
    // On a sandbox it reads through the OS page cache and with O_DIRECT, as the post's disks did.
    await expect(experiments.matrixValues('innodb_flush_method')).toHaveText(
      // MariaDB defaults to O_DIRECT, so the page-cache side asks for fsync by name (main's 6fa7454).
      ['fsync', 'O_DIRECT'].map((v) => new RegExp(v)),
    );
    await expect(experiments.pickedQueries).toHaveCount(13);
    await expect(experiments.summary).toHaveAttribute('data-runs', String(2 * 2 * 13 * 4));
    // This journey keeps one flush method: the dimension removed, post 001's 13 queries, cold then
    // runs 1, 2 and 3, for both settings.
    await page
      .locator('[data-testid="matrix-dimension"][data-variable="innodb_flush_method"]')
      .getByTestId('matrix-remove')
      .click();
    await expect(experiments.matrixValues('innodb_flush_method')).toHaveCount(0);
    await expect(experiments.summary).toHaveAttribute('data-runs', String(2 * 13 * 4));

    await keepQueries(experiments, ['Q1.1']);
    await expect(experiments.summary).toHaveAttribute('data-runs', String(2 * 4));
    const threeHot = await summaryFigures(experiments);
    await experiments.hotRuns.fill('1');
    // Two settings × Q1.1 × (cold + run 1); each setting's cold pass starts from a restart.
    await expect(experiments.summary).toHaveAttribute('data-runs', '4');
    const oneHot = await summaryFigures(experiments);
    expect(oneHot.runs).toBe(4);
    expect(oneHot.estimatedSec).toBe(4 * oneHot.querySec + 2 * oneHot.restartSec);
    expect(oneHot.estimatedSec).toBeLessThan(threeHot.estimatedSec);
    // Q1.1 at this size takes a few ms: a fixed interval walks the LRU as each run starts.
    await experiments.poll.selectOption('50');
    await expect(experiments.ready).toBeVisible();
    await expect(experiments.start).toBeEnabled();
  });

  await test.step('a dataset missing on the server: Start stays disabled and says why', async () => {
    await experiments.schema.fill('ssb_nowhere');
    await expect(experiments.start).toBeDisabled();
    await expect(experiments.problems).toContainText(`${CONNECTION} has no dataset ssb_nowhere`);
    await expect(experiments.ready).toHaveCount(0);
    await expect(experiments.start).toBeDisabled();
    await experiments.schema.fill(SCHEMA);
    await expect(experiments.ready).toBeVisible();
    await expect(experiments.problems).toHaveCount(0);
    await expect(experiments.start).toBeEnabled();
    await holdsTheWindow(app);
    // The picture shows the matrix, the protocol and the summary with Start.
    await page
      .getByTestId('experiment-matrix')
      .evaluate((panel) => (panel as unknown as { scrollIntoView(): void }).scrollIntoView());
    const path = readmePicture('experiment-builder.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path });
  });

  await test.step('it runs: progress, and the live view of the run being captured', async () => {
    await startExperiment(experiments);
    await expect(experiments.builder).toHaveCount(0);
    // While it runs "N of 4 runs done"; once it ended, the count of the runs kept ("4 of 4 runs complete").
    await expect(experiments.progressCounts).toContainText(/ of 4 runs (done|complete)/);
    await expect(experiments.progressWhere).toContainText('innodb_old_blocks_time=');
    await expect(experiments.progressElapsed).toHaveText(/^\d+:\d\d$/);
    await expect(experiments.liveMap).toHaveAttribute('data-frame-at', /\d/);
    await expect(experiments.liveOf).toContainText('Q1.1, ');
    await expect(experiments.liveOf).toContainText('innodb_old_blocks_time=');
    await expect(experiments.run.getByTestId('lru-bars')).toBeVisible();
    await holdsTheWindow(app);
  });

  await test.step('it ends complete and puts the sandbox’s own settings back', async () => {
    await expect(experiments.run).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
    await expect(experiments.end).toHaveText('Completed: all 4 runs done.');
    await expect(experiments.restored).toContainText(`innodb_old_blocks_time back to ${OWN_OLD_BLOCKS_TIME}`);
    await expect(experiments.liveMap).toHaveCount(0);
    await expect(experiments.resultRows).toHaveCount(4);
    expect(await globals()).toEqual({ oldBlocksTime: OWN_OLD_BLOCKS_TIME, poolBytes: OWN_POOL_BYTES });
    await holdsTheWindow(app);
  });

  await test.step("Compare shows this experiment: the preset's question, 1000 against 0, its headline", async () => {
    const compare = await compareFinishedExperiment(experiments);
    await expect(compare.legend).toHaveText('A = innodb_old_blocks_time=0 · B = innodb_old_blocks_time=1000');
    await expect(compare.headline).toContainText(/^innodb_old_blocks_time=1000 .*innodb_old_blocks_time=0/);
    await visitScreen(app, 'experiments');
    await expect(experiments.run).toHaveAttribute('data-state', 'complete');
  });

  await test.step('Save as… to a path; File → New leaves it', async () => {
    await saveExperimentAs(experiments, saved);
    await expect(experiments.documentName).toHaveText('old-blocks-time.bplab.json');
    await expect(experiments.unsaved).toHaveCount(0);
    const file = JSON.parse(readFileSync(saved, 'utf8')) as { state: string; results: unknown[] };
    expect(file.state).toBe('complete');
    expect(file.results).toHaveLength(4);
    await experiments.fileNew.click();
    await expect(experiments.documentName).toHaveText('Untitled experiment');
    await expect(experiments.builder).toBeVisible();
    await expect(experiments.run).toHaveCount(0);
    await expect(experiments.results).toHaveCount(0);
  });

  await test.step('File → Open of the saved file: both configurations, Q1.1 cold and run 1', async () => {
    await openExperimentFile(experiments, saved);
    await expect(experiments.documentError).toHaveCount(0);
    await expect(experiments.documentName).toHaveText('old-blocks-time.bplab.json');
    await expect(experiments.resultRows).toHaveCount(4);
    for (const value of ['1000', '0']) {
      const rows = experiments.resultRows.filter({ hasText: `innodb_old_blocks_time=${value}` });
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('cold');
      await expect(rows.nth(1)).toContainText('run 1');
      for (const row of await rows.all()) {
        await expect(row).toContainText('Q1.1');
        await expect(row).toHaveAttribute('data-state', 'complete');
      }
    }
    await expect(experiments.recentFile(saved)).toHaveAttribute('data-exists', 'yes');
    await holdsTheWindow(app);
  });

  // The next experiment's Compare, the first one's file still on the Compare screen: this one is shown.
  await joinOrderComparedInOneClick(app, experiments);
});

/** The join-order preset runs and is compared from its finished screen in one click. */
async function joinOrderComparedInOneClick(app: AppPage, experiments: ExperimentsPage): Promise<void> {
  const page = app.page;
  await buildFromPreset(experiments, { connection: CONNECTION, schema: SCHEMA, presetId: 'join-order' });
  await expect(experiments.name).toHaveValue(/join order both ways/);
  await experiments.hotRuns.fill('1');
  // One configuration × Q1.1's two variants × (cold + run 1).
  await expect(experiments.summary).toHaveAttribute('data-runs', '4');
  await experiments.poll.selectOption('50');
  await startExperiment(experiments);
  await expect(experiments.run).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });

  const compare = await compareFinishedExperiment(experiments);
  // This experiment alone: the first one's file, compared before, is not kept ticked beside it.
  await expect(compare.files).toHaveCount(1);
  // One configuration: its runs are compared by variant with no choice made.
  await expect(compare.grouping).toHaveValue('variant');
  await expect(compare.choices).toHaveCount(2);
  await expect(compare.legend).toHaveText('A = straight · B = straight-dim-first');
  await expect(compare.headline).toHaveCount(1);
  await expect(compare.headline).toContainText(
    /^straight-dim-first (is [\d.]+× slower than straight|is faster than straight: [\d.]+× the time|and straight take the same time) over 1 query/,
  );
  // The plans differ: their EXPLAIN diff is the first table, open, above the chart and the findings.
  await expect(compare.planDiffs).toHaveCount(1);
  await expect(compare.planDiffs.locator('table')).toBeVisible();
  await expect(compare.planDiffs).toContainText('The join order differs');
  const planTop = (await compare.planDiffs.boundingBox())!.y;
  const chartTop = (await page.getByTestId('compare-cold-hot').first().boundingBox())!.y;
  const findingsTop = (await page.getByTestId('compare-findings').boundingBox())!.y;
  expect(planTop).toBeLessThan(chartTop);
  expect(chartTop).toBeLessThan(findingsTop);
  await holdsTheWindow(app);
}
