/**
 * The dataset journey on a real MariaDB sandbox: generate a small SSB dataset with its progress bar,
 * verify it (row counts and the 13 selectivities), cancel a verify whose count waits on a lock,
 * cancel a bigger load and see it marked incomplete, drop both.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { cancelDatasetLoad } from './actions/cancel-dataset-load';
import { dropDataset } from './actions/drop-dataset';
import { generateDataset } from './actions/generate-dataset';
import { openApp } from './actions/open-app';
import { openSandboxDatasets } from './actions/open-sandbox-datasets';
import { verifyDataset } from './actions/verify-dataset';
import { SandboxesPage } from './pages/sandboxes-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-datasets';
const name = `${PREFIX}-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the dataset journey');
  await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '128M' } });
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test('an SSB dataset: generate, verify, cancel, drop', async ({ page }) => {
  await openApp(page);
  const sandboxes = new SandboxesPage(page);
  await expect(sandboxes.row(name)).toHaveAttribute('data-status', 'running');
  const datasets = await openSandboxDatasets(sandboxes, name);

  await test.step('generate SF 0.01 and follow the progress bar to the end', async () => {
    await generateDataset(datasets, { schema: 'ssb_small', sf: '0.01', seed: '3' });
    await expect(datasets.progress).toHaveAttribute('data-done', 'yes', { timeout: 120_000 });
    await expect(datasets.progressFigures).toContainText('100%');
    const row = datasets.row('ssb_small');
    await expect(row.getByTestId('dataset-state')).toHaveText('complete');
    await expect(row).toContainText('generated, SF 0.01 seed 3');
  });

  await test.step('verify it: counts and the 13 queries against the reference', async () => {
    expect(await verifyDataset(datasets, 'ssb_small')).toBe('PASS');
    await expect(datasets.verifyQueries).toHaveCount(13);
    await expect(
      datasets.verifyReport.locator('[data-testid="dataset-verify-query"][data-verdict="fail"]'),
    ).toHaveCount(0);
    // BPLAB_E2E_SCREENSHOT=1 refreshes the README's picture of this screen; otherwise it goes to the test output.
    const path = readmePicture('datasets.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path, fullPage: true });
  });

  await test.step('cancel a verify whose count waits (on a table lock held here)', async () => {
    const sandbox = (await mustCall('sandboxes/list', {})).find((s) => s.name === name)!;
    const holder = await mysql.createConnection({ host: '127.0.0.1', port: sandbox.port, user: 'root' });
    try {
      await holder.query('LOCK TABLES ssb_small.lineorder WRITE');
      await datasets.row('ssb_small').getByTestId('dataset-verify').click();
      await expect(datasets.verifyProgress).toContainText('counting rows of lineorder');
      await datasets.verifyCancel.click();
      await expect(datasets.verifyError).toContainText('The verify of ssb_small was cancelled');
      await expect(datasets.verifyCancel).toHaveCount(0);
    } finally {
      await holder.end();
    }
  });

  await test.step('cancel a bigger load: the dataset is marked incomplete', async () => {
    await generateDataset(datasets, { schema: 'ssb_cancelled', sf: '0.5' });
    await expect(datasets.progressFigures).toContainText('rows/s', { timeout: 60_000 });
    await expect(datasets.row('ssb_cancelled').getByTestId('dataset-state')).toHaveText('loading');
    await cancelDatasetLoad(datasets);
    await expect(datasets.progressError).toContainText('was cancelled');
    await expect(datasets.row('ssb_cancelled').getByTestId('dataset-state')).toHaveText(
      'cancelled (incomplete)',
    );
  });

  await test.step('drop both', async () => {
    await dropDataset(datasets, 'ssb_cancelled');
    await dropDataset(datasets, 'ssb_small');
    await expect(page.getByTestId('datasets-empty')).toBeVisible();
  });
});
