import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** Presses "Create and start", then Cancel while it is under way, and waits for the answer. */
export async function cancelSandboxCreate(sandboxes: SandboxesPage, name: string): Promise<void> {
  await sandboxes.name.fill(name);
  await sandboxes.create.click();
  await sandboxes.cancelCreate.click();
  await expect(sandboxes.error).toBeVisible({ timeout: 60_000 });
  await expect(sandboxes.cancelCreate).toHaveCount(0);
}
