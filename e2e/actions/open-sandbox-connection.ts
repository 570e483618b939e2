import { expect } from '@playwright/test';
import { ConnectionsPage } from '../pages/connections-page';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** "Open connection" on a sandbox: the connections screen opens its profile in the editor. */
export async function openSandboxConnection(
  sandboxes: SandboxesPage,
  name: string,
): Promise<ConnectionsPage> {
  await sandboxes.button(name, 'open-connection').click();
  const connections = new ConnectionsPage(sandboxes.page);
  await expect(connections.editor).toBeVisible();
  return connections;
}
