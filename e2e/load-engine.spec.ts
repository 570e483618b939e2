/**
 * The load's engine picked on the load screen, on a real MariaDB sandbox: a sysbench path that is not
 * sysbench said in words (what it printed) with every field as typed, then a 1-client, 1-second load
 * driven by the sysbench picked by its path, and one by bplab's own engine, each ending named by the
 * engine that drove it.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { startLoad } from './actions/start-load';
import { visitScreen } from './actions/visit-screen';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-engine';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const TINY = { tables: '1', rows: '1000', clients: '1', seconds: '1' };

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the load engine journey');
  await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '32M' } });
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test("the load's engine: a wrong sysbench said in words, then sysbench by its path and bplab's own, each named", async ({
  page,
}) => {
  // install-deps installs sysbench 1.0; the journey picks it by its path, as a user would where it is not on PATH.
  const sysbench = execFileSync('sh', ['-c', 'command -v sysbench'], { encoding: 'utf8' }).trim();
  const app = await openApp(page);
  await visitScreen(app, 'load');
  await page.getByTestId('load-profile').selectOption({ label: `Sandbox ${name}` });

  await test.step('a path that is not sysbench: what it printed, in words, and nothing typed is lost', async () => {
    await startLoad(page, { engine: 'sysbench', sysbenchPath: '/bin/true', ...TINY, clients: '1,2' });
    const error = page.getByTestId('load-error');
    await expect(error).toContainText('/bin/true is not sysbench: asked its --version, it printed "true');
    await expect(error).toContainText('Give the path of sysbench 1.x');
    await expect(page.getByTestId('load-outcome')).toHaveCount(0);
    await expect(page.getByTestId('load-engine')).toHaveValue('sysbench');
    await expect(page.getByTestId('load-sysbench-path')).toHaveValue('/bin/true');
    await expect(page.getByTestId('load-rows')).toHaveValue('1000');
    await expect(page.getByTestId('load-clients')).toHaveValue('1,2');
    await expect(page.getByTestId('load-seconds')).toHaveValue('1');
    await expect(page.getByTestId('load-start')).toBeEnabled();
  });

  await test.step('sysbench picked by its path drives it, and the ending says so', async () => {
    await startLoad(page, { engine: 'sysbench', sysbenchPath: sysbench, ...TINY });
    await expect(page.getByTestId('load-outcome')).toContainText(
      'Complete: 1 of 1 step measured. Driven by sysbench 1.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(page.getByTestId('load-steps')).toContainText('complete');
  });

  await test.step("bplab's own engine asked for drives it, and the ending says so", async () => {
    await startLoad(page, { engine: 'bplab', ...TINY });
    // The path does not apply to bplab's own engine: its field is off, and keeps what was typed.
    await expect(page.getByTestId('load-sysbench-path')).toBeDisabled();
    await expect(page.getByTestId('load-outcome')).toContainText(
      "Complete: 1 of 1 step measured. Driven by bplab's own engine (bplab's own engine was asked for.)",
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('load-sysbench-path')).toHaveValue(sysbench);
  });
});
