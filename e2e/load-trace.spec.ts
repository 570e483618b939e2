/**
 * A traced load client on the load screen, on real sandboxes: on Debian's stripped mariadbd the
 * "Trace the clients" box is off with the reason in words; on MySQL 8.0.31 (it keeps its symbols; the
 * e2e run is root with bpftrace installed) a 1-client, 2-second load by bplab's own engine with the box
 * ticked ends with the client's what-if: its headline in words and its curve.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { startLoad } from './actions/start-load';
import { visitScreen } from './actions/visit-screen';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-ltrace';
const stamp = Date.now().toString(36);
const mysqlName = `${PREFIX}-m-${stamp}`;
const mariaName = `${PREFIX}-d-${stamp}`;

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mysql = binaries.find((b) => b.flavor === 'mysql' && b.version.startsWith('8.0.31'));
  const mariadb = binaries.find((b) => b.flavor === 'mariadb' && b.path === '/usr/sbin/mariadbd');
  if (!mysql || !mariadb)
    throw new Error('e2e: MySQL 8.0.31 and Debian mariadbd are needed for the traced load');
  await createSandbox({ spec: { name: mysqlName, binaryPath: mysql.path, bufferPoolSize: '32M' } });
  await createSandbox({ spec: { name: mariaName, binaryPath: mariadb.path, bufferPoolSize: '32M' } });
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test("one traced load client: the box off where the server cannot be traced, the client's what-if where it can", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = await openApp(page);
  await visitScreen(app, 'load');

  await test.step("Debian's stripped mariadbd: the box is off, the reason said", async () => {
    await page.getByTestId('load-profile').selectOption({ label: `Sandbox ${mariaName}` });
    await expect(page.getByTestId('load-trace-client-note')).toContainText('unavailable: ', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('load-trace-client')).toBeDisabled();
  });

  await test.step('MySQL 8.0.31: one client traced, its what-if in words and drawn', async () => {
    await page.getByTestId('load-profile').selectOption({ label: `Sandbox ${mysqlName}` });
    await expect(page.getByTestId('load-trace-client')).toBeEnabled({ timeout: 30_000 });
    await page.getByTestId('load-trace-client').check();
    await startLoad(page, { engine: 'bplab', tables: '1', rows: '2000', clients: '1', seconds: '2' });
    await expect(page.getByTestId('load-outcome')).toContainText('Complete: 1 of 1 step measured.', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('load-client-curve-1-headline')).toHaveText(
      /^At [\d.]+ [KMG]iB(, the load's own pool,)? the step's clients would read [\d,]+ pages? per 1,000 queries[. ]/,
    );
    await expect(page.getByTestId('load-client-curve-1-chart')).not.toHaveAttribute('data-points', '0');
  });
});
