/**
 * The one server-session flow, end to end: a saved connection whose server wants a password asks
 * for it, asks again (saying why) when the server refuses it, then the request goes through; the
 * next screen on the same server does not ask again.
 */
import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { answerPassword } from './actions/answer-password';
import { openApp } from './actions/open-app';
import { visitScreen } from './actions/visit-screen';
import { CapabilitiesPage } from './pages/capabilities-page';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-password';
const id = Date.now().toString(36);
const profileName = `${PREFIX}-${id} as lab`;
let profileId = '';

test.beforeAll(async () => {
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found');
  const sandbox = await createSandbox({
    spec: { name: `${PREFIX}-${id}`, binaryPath: mariadb.path, bufferPoolSize: '64M' },
  });
  const root = await mysql.createConnection({ host: '127.0.0.1', port: sandbox.port, user: 'root' });
  try {
    await root.query("CREATE USER 'lab'@'%' IDENTIFIED BY 'the-right-one'");
    await root.query("GRANT SELECT, PROCESS ON *.* TO 'lab'@'%'");
  } finally {
    await root.end();
  }
  profileId = (
    await mustCall('profiles/save', {
      draft: {
        name: profileName,
        transport: 'tcp',
        host: '127.0.0.1',
        port: sandbox.port,
        user: 'lab',
        tls: { mode: 'off' },
      },
    })
  ).id;
});

test.afterAll(async () => {
  if (profileId) await mustCall('profiles/delete', { id: profileId }).catch(() => undefined);
  await deleteSandboxes(PREFIX);
});

test('a server that wants a password: asked once, asked again after a refusal, then remembered', async ({
  page,
}) => {
  const app = await openApp(page);
  await visitScreen(app, 'capabilities');
  const capabilities = new CapabilitiesPage(page);
  await page.getByTestId('capabilities-profile').selectOption({ label: profileName });
  await page.getByTestId('capabilities-check').click();

  await answerPassword(page, 'not-it');
  await expect(page.getByTestId('password-prompt-refused')).toBeVisible();
  await expect(page.getByTestId('password-prompt-refused')).toHaveAttribute('data-code', 'AUTH_FAILED');
  await expect(page.getByTestId('password-prompt-input')).toHaveValue('');
  await answerPassword(page, 'the-right-one');
  await expect(capabilities.report).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('password-prompt')).toHaveCount(0);

  // The same server on the next screen: chosen already, and no second prompt.
  await visitScreen(app, 'datasets');
  await expect(page.getByTestId('datasets-profile').locator('option:checked')).toHaveText(profileName);
  await expect(page.getByTestId('datasets-empty')).toBeVisible();
  await expect(page.getByTestId('password-prompt')).toHaveCount(0);
});
