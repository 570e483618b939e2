import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/**
 * Presses "Create and start", waits until the form says what the create is doing (main's own words,
 * from the task's progress), then presses Cancel while it is under way, and waits for the answer.
 */
export async function cancelSandboxCreate(sandboxes: SandboxesPage, name: string): Promise<void> {
  await sandboxes.name.fill(name);
  await sandboxes.create.click();
  await expect(sandboxes.createPhase).toContainText(
    new RegExp(`(Initialising the data folder|Starting) (of )?sandbox "${name}"`),
  );
  await sandboxes.cancelCreate.click();
  await expect(sandboxes.error).toBeVisible({ timeout: 60_000 });
  await expect(sandboxes.cancelCreate).toHaveCount(0);
  await expect(sandboxes.createPhase).toHaveCount(0);
}
