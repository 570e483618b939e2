import { expect } from '@playwright/test';
import type { RunsPage } from '../pages/runs-page';

/** Presses Cancel on the live run and waits for its result to show. */
export async function cancelRun(runs: RunsPage): Promise<void> {
  await runs.cancel.click();
  await expect(runs.result).toBeVisible({ timeout: 60_000 });
}
