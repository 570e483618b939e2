import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** Opens a sandbox's log and returns its text. */
export async function viewSandboxLog(sandboxes: SandboxesPage, name: string): Promise<string> {
  await sandboxes.button(name, 'log').click();
  await expect(sandboxes.logView).toContainText(`Log of ${name}`);
  await expect(sandboxes.logText).not.toBeEmpty();
  return (await sandboxes.logText.textContent()) ?? '';
}
