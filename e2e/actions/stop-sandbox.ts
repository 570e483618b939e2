import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** Stops a sandbox and waits until it says so. */
export async function stopSandbox(sandboxes: SandboxesPage, name: string): Promise<void> {
  await sandboxes.button(name, 'stop').click();
  await expect(sandboxes.row(name)).toHaveAttribute('data-status', 'stopped', { timeout: 120_000 });
}
