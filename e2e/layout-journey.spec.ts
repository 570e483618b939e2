/**
 * Every screen holds its layout in a 1024×700 window with a realistic amount on it: several
 * sandboxes (one whose start failed with a long error, one with a long name), a complete and a
 * failed dataset, a capability report. No screen may be wider than the window, nor any panel wider
 * than its box, nor a title cut short with room to spare; a failure reads as lines of text, not one
 * word per line; times share one form.
 * The screens are read from the navigation, so screens added later are visited too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { openSandboxDatasets } from './actions/open-sandbox-datasets';
import { viewSandboxCapabilities } from './actions/view-sandbox-capabilities';
import { visitScreen } from './actions/visit-screen';
import { cutWithRoom } from './support/overflow';
import type { AppPage } from './pages/app-page';
import { SandboxesPage } from './pages/sandboxes-page';
import { createSandbox, deleteSandboxes, mustCall, startSandbox, waitForDatasetLoad } from './support/api';

const PREFIX = 'e2e-layout';
const id = Date.now().toString(36);
const running = `${PREFIX}-${id}`;
const longName = `${PREFIX}-${id}-a-rather-long-name`.slice(0, 40);
const failing = `${PREFIX}-${id}-fails`;
const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/;
let tblDir = '';

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the layout journey');
  const spec = { binaryPath: mariadb.path, bufferPoolSize: '64M' };
  const sandbox = await createSandbox({ spec: { ...spec, name: running } });
  await createSandbox({ spec: { ...spec, name: longName }, start: false });
  // An option mariadbd does not know: its start fails, with the server's log lines as the error.
  const broken = await createSandbox({
    spec: { ...spec, name: failing, options: { 'bplab-e2e-no-such-option': 'x' } },
    start: false,
  });
  await startSandbox(broken.id).catch(() => undefined);

  const profileId = sandbox.profileId;
  await mustCall('datasets/create', { profileId, spec: { schema: 'ssb_layout', sf: 0.01 } });
  expect(await waitForDatasetLoad(profileId, 'ssb_layout')).toBe('complete');
  // An import whose customer.tbl is malformed fails, and the dataset records why.
  tblDir = mkdtempSync(join(tmpdir(), 'bplab-e2e-tbl-'));
  for (const t of ['customer', 'part', 'supplier', 'date', 'lineorder'])
    writeFileSync(join(tblDir, `${t}.tbl`), '');
  writeFileSync(join(tblDir, 'customer.tbl'), 'not|enough|columns\n');
  await mustCall('datasets/import', { profileId, spec: { dir: tblDir, schema: 'ssb_layout_failed' } });
  expect(await waitForDatasetLoad(profileId, 'ssb_layout_failed')).toBe('failed');
});

test.afterAll(async () => {
  await deleteSandboxes(PREFIX);
  if (tblDir) rmSync(tblDir, { recursive: true, force: true });
});

/** Asserts the screen fits, and keeps a picture of it in the test output to look at. */
async function expectNoOverflow(app: AppPage, where: string): Promise<void> {
  await app.page.screenshot({ path: test.info().outputPath(`${where.replace(/\W+/g, '-')}.png`) });
  expect(await app.horizontalOverflow(), `${where} at 1024×700`).toEqual([]);
}

test('every screen holds its layout at 1024×700', async ({ page }) => {
  const app = await openApp(page);
  const sandboxes = new SandboxesPage(page);

  await test.step('sandboxes: rows, buttons and a long failure fit the panel', async () => {
    // The first screen says where to start: a running sandbox holds a complete dataset (ssb_layout, or
    // another journey's), so it points to Queries rather than to creating a sandbox.
    await expect(page.getByTestId('start-hint')).toContainText(
      /^Where to start: Sandbox \S+ and its SSB data \(\S+\) are ready: open Queries/,
    );
    await expect(page.getByTestId('start-hint-queries')).toBeVisible();
    await expect(sandboxes.row(running)).toHaveAttribute('data-status', 'running');
    await expect(sandboxes.row(longName)).toBeVisible();
    const failure = page.locator(`[data-testid="sandbox-row-error"][data-name="${failing}"]`);
    await expect(failure).toContainText('did not start');
    await expectNoOverflow(app, 'the sandboxes screen');
    // The failure reads as lines across the table, not one word per line.
    const box = await failure.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(600);
    // Each row's buttons stay inside the panel.
    const panel = await sandboxes
      .row(running)
      .locator('xpath=ancestor::div[contains(@class,"panel")]')
      .boundingBox();
    for (const row of await page.getByTestId('sandbox-row').all()) {
      const buttons = await row.locator('.row-buttons').boundingBox();
      expect((buttons?.x ?? 0) + (buttons?.width ?? 0)).toBeLessThanOrEqual(
        (panel?.x ?? 0) + (panel?.width ?? 0),
      );
    }
    await expect(sandboxes.row(running).locator('td.num').first()).toHaveCSS('text-align', 'right');
  });

  await test.step('the log of the failed sandbox', async () => {
    await sandboxes.button(failing, 'log').click();
    await expect(sandboxes.logText).toContainText('unknown variable');
    await expectNoOverflow(app, 'the sandboxes screen with a log');
  });

  await test.step('capabilities: the report of the running sandbox', async () => {
    await visitScreen(app, 'sandboxes');
    const capabilities = await viewSandboxCapabilities(sandboxes, running);
    await expect(capabilities.report).toContainText('Checked at');
    const checkedAt = page.locator('.kv tr', { hasText: 'Checked at' }).locator('td');
    await expect(checkedAt).toHaveText(TIMESTAMP);
    await expectNoOverflow(app, 'the capabilities screen');
  });

  await test.step('datasets: a complete and a failed one, numbers right-aligned, one time format', async () => {
    await visitScreen(app, 'sandboxes');
    const datasets = await openSandboxDatasets(sandboxes, running);
    await expect(datasets.row('ssb_layout').getByTestId('dataset-state')).toHaveText('complete');
    await expect(datasets.row('ssb_layout_failed').getByTestId('dataset-state')).toContainText('failed');
    await expect(
      page.locator('[data-testid="dataset-row-error"][data-schema="ssb_layout_failed"]'),
    ).toContainText('customer.tbl');
    const rows = datasets.row('ssb_layout').locator('td.num').first();
    await expect(rows).toHaveText(/^\d{1,3}(,\d{3})+$/);
    await expect(rows).toHaveCSS('text-align', 'right');
    for (const finished of await page.getByTestId('dataset-finished').all())
      await expect(finished).toHaveText(TIMESTAMP);
    await expectNoOverflow(app, 'the datasets screen');
  });

  await test.step('every screen of the navigation', async () => {
    const ids = await app.screenIds();
    expect(ids).toEqual(expect.arrayContaining(['sandboxes', 'connections', 'capabilities', 'datasets']));
    for (const screen of ids) {
      await visitScreen(app, screen);
      await page.waitForLoadState('networkidle');
      await expectNoOverflow(app, `the ${screen} screen`);
      // No title cut short while its line has room for more of it.
      expect(await cutWithRoom(page), `the ${screen} screen`).toEqual([]);
    }
  });
});
