import { expect } from '@playwright/test';
import { CapabilitiesPage } from '../pages/capabilities-page';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** "Capabilities" on a sandbox: the report of its server is checked and shown. */
export async function viewSandboxCapabilities(
  sandboxes: SandboxesPage,
  name: string,
): Promise<CapabilitiesPage> {
  await sandboxes.button(name, 'capabilities').click();
  const capabilities = new CapabilitiesPage(sandboxes.page);
  await expect(capabilities.report).toBeVisible({ timeout: 60_000 });
  return capabilities;
}
