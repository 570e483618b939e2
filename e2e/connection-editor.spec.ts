/**
 * (c) The connection editor says what is wrong in words: a malformed entry before anything is sent,
 * an unreachable port, a wrong password (against a MariaDB sandbox made for this file); a test saves
 * nothing, the wrong password included.
 */
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import type { SandboxInfo } from '../src/shared/models';
import { fillNewConnection } from './actions/fill-connection';
import { openApp } from './actions/open-app';
import { testConnection } from './actions/test-connection';
import { ConnectionsPage } from './pages/connections-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-auth';
let sandbox: SandboxInfo;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the wrong-password case');
  sandbox = await createSandbox({
    spec: { name: `${PREFIX}-${Date.now().toString(36)}`, binaryPath: mariadb.path, bufferPoolSize: '32M' },
    start: true,
  });
});

test.afterAll(async () => deleteSandboxes(PREFIX));

async function connectionsScreen(page: Page): Promise<ConnectionsPage> {
  const app = await openApp(page);
  await app.tab('connections').click();
  return new ConnectionsPage(page);
}

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a TCP connection without a host, or with a bad port, is refused before it is saved', async ({
  page,
}) => {
  const connections = await connectionsScreen(page);
  await fillNewConnection(connections, { name: 'no host', host: '', port: 'abc' });
  await connections.save.click();
  await expect(connections.fieldError('host')).toHaveText('a TCP profile needs a host');
  await expect(connections.fieldError('port')).toHaveText('the port is a number from 1 to 65535');
  await expect(page.locator('[data-testid="profile-row"]', { hasText: 'no host' })).toHaveCount(0);
  // Fixing the field clears its message.
  await connections.field('host').fill('127.0.0.1');
  await expect(connections.fieldError('host')).toHaveCount(0);
});

test('an unreachable port shows the error in words', async ({ page }) => {
  const port = await closedPort();
  const connections = await connectionsScreen(page);
  await fillNewConnection(connections, {
    name: `nothing on ${port}`,
    host: '127.0.0.1',
    port: String(port),
    user: 'root',
  });
  expect(await testConnection(connections)).toBe('failed');
  await expect(connections.testError).toHaveAttribute('data-code', 'UNREACHABLE');
  await expect(connections.testError).toContainText(String(port));
  // A test saves nothing: the connection is not in the list.
  await expect(page.getByTestId('profile-row').filter({ hasText: `nothing on ${port}` })).toHaveCount(0);
});

test('a wrong password shows the error in words', async ({ page }) => {
  const connections = await connectionsScreen(page);
  await fillNewConnection(connections, {
    name: 'wrong password',
    host: '127.0.0.1',
    port: String(sandbox.port),
    user: 'root',
    password: 'certainly-not-the-password',
  });
  expect(await testConnection(connections)).toBe('failed');
  await expect(connections.testError).toHaveAttribute('data-code', 'AUTH_FAILED');
  await expect(connections.testError).not.toContainText('certainly-not-the-password');
  // Not saved, the wrong password included: the list has no such connection.
  await expect(page.getByTestId('profile-row').filter({ hasText: 'wrong password' })).toHaveCount(0);
  await expect(connections.deleteProfile).toHaveCount(0);
});
