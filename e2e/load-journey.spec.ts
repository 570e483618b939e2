/**
 * The OLTP load screen on a real MariaDB sandbox: a bad field refused in words, then a 2-client point
 * select load started from the form, its QPS and p99 per second drawn beside the pool's live charts
 * (free/young/old pages, the rates) while it runs, its step's row and ending said after with the file it
 * was saved in, and its Compare: the result on the Compare screen (headline, chart, table) as
 * `bplab compare` reads it, its side named by what it is (not a time), and then among the recent files.
 */
import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openApp } from './actions/open-app';
import { e2eServer } from './support/env';
import { visitScreen } from './actions/visit-screen';
import { ComparePage } from './pages/compare-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-load';
const name = `${PREFIX}-${Date.now().toString(36)}`;

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the load journey');
  await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '32M' } });
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test('an OLTP load: the form, QPS and p99 per second beside the pool, the step after', async ({ page }) => {
  const app = await openApp(page);
  await visitScreen(app, 'load');
  await page.getByTestId('load-profile').selectOption({ label: `Sandbox ${name}` });

  await test.step('a bad field is said in words and nothing starts', async () => {
    await page.getByTestId('load-clients').fill('2,,4');
    await page.getByTestId('load-start').click();
    await expect(page.getByTestId('load-problem')).toContainText('Clients takes counts separated by commas');
  });

  await test.step('the load runs: its seconds drawn beside the pool', async () => {
    await page.getByTestId('load-rows').fill('2000');
    await page.getByTestId('load-clients').fill('2');
    await page.getByTestId('load-seconds').fill('6');
    await page.getByTestId('load-start').click();
    await expect(page.getByTestId('load-per-second')).not.toHaveAttribute('data-points', '0', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('pool-free')).toBeVisible();
    await expect(page.getByTestId('pool-rates')).toBeVisible();
  });

  let saved = '';
  await test.step('the step and the ending are said, with the file it was saved in', async () => {
    await expect(page.getByTestId('load-outcome')).toContainText('Complete: 1 of 1 step measured.', {
      timeout: 30_000,
    });
    // install-deps installs sysbench, so it drives the load, and the ending says so.
    await expect(page.getByTestId('load-outcome')).toContainText('Driven by sysbench 1.');
    await expect(page.getByTestId('load-steps')).toContainText('complete');
    // The large figures are the step's result over the whole step, as its row says (not the last second).
    await expect(page.getByTestId('load-per-second-figures-of')).toHaveText(
      /^step of 2 clients, whole step \(\d+ s\)$/,
    );
    const stepQps =
      (await page.getByTestId('load-steps').locator('tbody td.num').first().textContent()) ?? '';
    await expect(page.getByTestId('load-per-second-qps')).toHaveText(`QPS: ${stepQps}`);
    saved = (await page.getByTestId('load-file').textContent()) ?? '';
    expect(saved.startsWith(join(e2eServer().dataDir, 'loads'))).toBe(true);
    expect(existsSync(saved)).toBe(true);
  });

  await test.step('Compare shows the load: the headline, the chart, the table, its sides named by what they are', async () => {
    await page.getByTestId('load-compare').click();
    const compare = new ComparePage(page);
    await expect(compare.files).toHaveCount(1);
    await expect(compare.files.first()).toContainText('OLTP load (bplab load)');
    const sweep = page.getByTestId('compare-load');
    await expect(sweep.getByTestId('compare-load-headline')).toContainText(
      /^Peak point-select, \d+ tables? × 2,000 rows, 2 clients: point-select on [^:]+: [\d,]+ QPS at 2 clients \(p99 /,
    );
    await expect(sweep.getByTestId('compare-load-headline')).not.toContainText(/\d{4}-\d\d-\d\dT/);
    await expect(sweep.getByTestId('load-chart')).toBeVisible();
    await expect(sweep.getByTestId('compare-table')).toContainText('QPS by clients (point-select)');
    await expect(page.getByTestId('compare-export')).toBeVisible();
    // Closed, it is among the recent files to open again.
    await compare.file(saved).getByRole('button', { name: 'close' }).click();
    await expect(compare.recentFiles.and(page.locator(`[data-file="${saved}"]`))).toHaveCount(1);
  });
});
