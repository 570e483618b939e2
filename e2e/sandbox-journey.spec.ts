/**
 * (b) The sandbox journey on a real MariaDB: find binaries, a first start that fails (removed, or kept
 * with its log when asked), a create cancelled, create and start a sandbox, read its log,
 * open its connection and test it, read its capability report, stop it, delete it.
 * BPLAB_E2E_SCREENSHOT=1 also refreshes docs/screenshot.png (the capability report) for the README.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { cancelSandboxCreate } from './actions/cancel-sandbox-create';
import { createSandbox } from './actions/create-sandbox';
import { deleteSandbox } from './actions/delete-sandbox';
import { findServerBinaries } from './actions/find-server-binaries';
import { openApp } from './actions/open-app';
import { openSandboxConnection } from './actions/open-sandbox-connection';
import { stopSandbox } from './actions/stop-sandbox';
import { testConnection } from './actions/test-connection';
import { viewSandboxCapabilities } from './actions/view-sandbox-capabilities';
import { viewSandboxLog } from './actions/view-sandbox-log';
import { SandboxesPage } from './pages/sandboxes-page';
import { deleteSandboxes } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-journey';
const name = `${PREFIX}-${Date.now().toString(36)}`;

test.afterAll(async () => deleteSandboxes(PREFIX));

test('a MariaDB sandbox from creation to deletion', async ({ page }) => {
  const app = await openApp(page);
  const sandboxes = new SandboxesPage(page);

  const version = await test.step('find server binaries', async () => {
    const basedir = process.env.BPLAB_E2E_MYSQL_BASEDIR;
    const labels = await findServerBinaries(sandboxes, basedir);
    if (basedir) expect(labels.some((l) => l.startsWith('MySQL ') && l.includes(basedir))).toBe(true);
    const mariadb = labels.find((l) => l.startsWith('MariaDB '));
    expect(mariadb, `MariaDB's mariadbd is on PATH; offered: ${labels.join(' | ')}`).toBeDefined();
    return { label: mariadb ?? '', version: (mariadb ?? '').split(' ')[1] ?? '' };
  });

  await test.step('an option bplab owns and a size MariaDB cannot take are refused under their fields', async () => {
    await sandboxes.binary.selectOption({ label: version.label });
    await sandboxes.name.fill(name);
    await sandboxes.bufferPool.fill('5M');
    await sandboxes.options.fill('max_connections=50\nbind_address=0.0.0.0');
    await sandboxes.create.click();
    await expect(sandboxes.fieldError('options')).toHaveText(
      'bind_address is set by bplab itself: a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password.',
    );
    await expect(sandboxes.fieldError('bufferPoolSize')).toContainText(
      `below MariaDB ${version.version}'s minimum innodb_buffer_pool_size of 6M`,
    );
    await expect(sandboxes.row(name)).toHaveCount(0);
    await sandboxes.options.fill('');
  });

  const dies = `${name}-dies`;
  await test.step('a first start the server refuses: the sandbox is removed, and the message names the box that keeps it', async () => {
    await sandboxes.name.fill(dies);
    await sandboxes.bufferPool.fill('64M');
    await sandboxes.options.fill('no-such-option-xyz=1');
    await sandboxes.create.click();
    await expect(sandboxes.error).toContainText(`Sandbox "${dies}" did not start: the server said:`, {
      timeout: 120_000,
    });
    await expect(sandboxes.error).toContainText(
      "unknown variable 'no-such-option-xyz=1'. The sandbox was removed.",
    );
    await expect(sandboxes.error).toContainText(
      'tick "keep it if its first start fails" in the create form (bplab sandbox create --keep-failed)',
    );
    // The server's error log is quoted line by line, as it wrote it.
    expect(await sandboxes.error.locator('.error-hint').innerText()).toMatch(
      /Its error log said:\n[^\n]*\[ERROR\][^\n]*no-such-option-xyz/,
    );
    await expect(sandboxes.row(dies)).toHaveCount(0);
  });

  await test.step('with "keep it if its first start fails" ticked, it stays, failed, with its error log to read', async () => {
    await sandboxes.keepFailed.check();
    await sandboxes.name.fill(dies);
    await sandboxes.create.click();
    await expect(sandboxes.error).toContainText(`Sandbox "${dies}" did not start: the server said:`, {
      timeout: 120_000,
    });
    await expect(sandboxes.error).not.toContainText('The sandbox was removed');
    await expect(sandboxes.row(dies)).toHaveAttribute('data-status', 'failed');
    await expect(sandboxes.row(dies).getByTestId('sandbox-status')).toHaveText('failed');
    const log = await viewSandboxLog(sandboxes, dies);
    expect(log).toContain('no-such-option-xyz');
    await deleteSandbox(sandboxes, dies);
    await sandboxes.keepFailed.uncheck();
    await sandboxes.options.fill('');
  });

  await test.step('a create cancelled while under way: it says so, and no sandbox is left', async () => {
    const cancelled = `${name}-cancelled`;
    await cancelSandboxCreate(sandboxes, cancelled);
    await expect(sandboxes.error).toHaveText(
      `Creating sandbox "${cancelled}" was cancelled; nothing was kept.`,
    );
    await expect(sandboxes.row(cancelled)).toHaveCount(0);
  });

  await test.step('create and start a sandbox', async () => {
    await createSandbox(sandboxes, { name, binaryLabel: version.label, bufferPool: '64M' });
    await expect(sandboxes.row(name)).toContainText(`MariaDB ${version.version}`);
    await expect(sandboxes.row(name).getByTestId('sandbox-status')).toHaveText('running');
    // The address read back from the running server.
    await expect(sandboxes.row(name).getByTestId('sandbox-listens-on')).toHaveText(/^127\.0\.0\.1:\d+$/);
  });

  await test.step('read its log', async () => {
    const log = await viewSandboxLog(sandboxes, name);
    expect(log).toMatch(/ready for connections/i);
  });

  await test.step('open its connection and test it', async () => {
    const connections = await openSandboxConnection(sandboxes, name);
    expect(await testConnection(connections)).toBe('connected');
    await expect(connections.testVersion).toHaveText(`MariaDB ${version.version}`);
  });

  await test.step('read its capability report', async () => {
    await app.tab('sandboxes').click();
    const capabilities = await viewSandboxCapabilities(sandboxes, name);
    await expect(capabilities.flavor).toHaveText('MariaDB');
    await expect(capabilities.version).toHaveText(version.version);
    await expect(capabilities.oldPageMethod).toHaveText('LRU position');
    await expect(capabilities.bufferPoolTable).toContainText('64 MiB');
    // The README's screenshot is refreshed on request only, so a test run leaves the tree clean.
    const path = readmePicture('screenshot.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path, fullPage: true });
  });

  await test.step('stop it, then delete it', async () => {
    await app.tab('sandboxes').click();
    await stopSandbox(sandboxes, name);
    await deleteSandbox(sandboxes, name);
  });
});
