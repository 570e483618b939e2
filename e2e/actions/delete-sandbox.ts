import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** Deletes a (stopped) sandbox, confirming, and waits until it is gone from the list. */
export async function deleteSandbox(sandboxes: SandboxesPage, name: string): Promise<void> {
  await sandboxes.button(name, 'delete').click();
  await sandboxes.button(name, 'delete-confirm').click();
  await expect(sandboxes.row(name)).toHaveCount(0, { timeout: 60_000 });
}
