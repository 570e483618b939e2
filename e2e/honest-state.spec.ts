/**
 * State shown is the truth: an empty list, a server that is stopped, a tab without the token and a
 * tab whose token bplab serve refuses each say what they are, in different words. A list that
 * could not be read never says "none yet".
 */
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { openSandboxDatasets } from './actions/open-sandbox-datasets';
import { refreshDatasets } from './actions/refresh-datasets';
import { SandboxesPage } from './pages/sandboxes-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';
import { e2eServer } from './support/env';

const PREFIX = 'e2e-honest';
const name = `${PREFIX}-${Date.now().toString(36)}`;
let sandboxId = '';

test.beforeAll(async () => {
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found');
  sandboxId = (await createSandbox({ spec: { name, binaryPath: mariadb.path, bufferPoolSize: '64M' } })).id;
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test('an empty list, a stopped server, a missing token and a refused token say different things', async ({
  page,
  context,
}) => {
  await openApp(page);
  const sandboxes = new SandboxesPage(page);
  await expect(sandboxes.row(name)).toHaveAttribute('data-status', 'running');
  const datasets = await openSandboxDatasets(sandboxes, name);
  const said: string[] = [];

  await test.step('a server with no dataset: the list is empty', async () => {
    await expect(datasets.empty).toHaveText('No SSB dataset on this server yet: create one below.');
    await expect(datasets.listStatus).toHaveCount(0);
    said.push(await datasets.empty.innerText());
  });

  await test.step('the server stopped: it cannot be reached, and the list is not called empty', async () => {
    await mustCall('sandboxes/stop', { id: sandboxId });
    await refreshDatasets(datasets);
    await expect(datasets.listStatus).toHaveAttribute('data-kind', 'unreachable');
    await expect(datasets.listStatus).toContainText('the server cannot be reached');
    await expect(datasets.listStatus).toContainText('connection refused');
    await expect(datasets.empty).toHaveCount(0);
    said.push(await datasets.listStatus.innerText());
  });

  await test.step('a tab without the token: no token, not "no sandboxes"', async () => {
    const tab = await context.newPage();
    // The page itself loads (this browser holds the cookie); this tab has no token for the socket.
    await tab.goto(`${e2eServer().origin}/`);
    const other = new SandboxesPage(tab);
    await expect(tab.getByTestId('banner-no-token')).toBeVisible();
    await expect(other.listStatus).toHaveAttribute('data-kind', 'no-token');
    await expect(other.listStatus).toContainText('no valid token');
    await expect(other.empty).toHaveCount(0);
    said.push(await other.listStatus.innerText());
    await tab.close();
  });

  await test.step('a tab whose token bplab serve refuses: told apart from a server that is gone', async () => {
    const tab = await context.newPage();
    await tab.goto(`${e2eServer().origin}/?token=not-the-token`);
    const other = new SandboxesPage(tab);
    await expect(tab.getByTestId('banner-token-refused')).toBeVisible();
    await expect(tab.getByTestId('banner-disconnected')).toHaveCount(0);
    await expect(other.listStatus).toHaveAttribute('data-kind', 'no-token');
    await expect(other.empty).toHaveCount(0);
    await tab.close();
  });

  expect(new Set(said).size).toBe(3);
});
