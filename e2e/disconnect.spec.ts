/** When `bplab serve` goes away, the page says so in a banner and a request fails in words, not silently. */
import { expect, test } from '@playwright/test';
import { startOwnServer } from './support/own-server';

test('the page says it is disconnected when the server stops', async ({ page }) => {
  const server = await startOwnServer();
  try {
    await page.goto(server.url);
    await expect(page.getByTestId('app-info')).toContainText('browser mode');
    await expect(page.getByTestId('banner-disconnected')).toHaveCount(0);
    await server.stop();
    await expect(page.getByTestId('banner-disconnected')).toContainText('Disconnected from the bplab server');
    await page.getByTestId('sandbox-find-binaries').click();
    await expect(page.getByTestId('sandboxes-screen').getByTestId('error')).toHaveAttribute(
      'data-code',
      'CONNECTION_LOST',
    );
  } finally {
    await server.stop();
  }
});
