import { expect } from '@playwright/test';
import type { ConnectionsPage } from '../pages/connections-page';

/** Presses "Test connection" and waits for its outcome: the result, or the error in words. */
export async function testConnection(connections: ConnectionsPage): Promise<'connected' | 'failed'> {
  await connections.test.click();
  await expect(connections.testResult.or(connections.testError)).toBeVisible({ timeout: 60_000 });
  return (await connections.testResult.isVisible()) ? 'connected' : 'failed';
}
