import { expect } from '@playwright/test';
import type { RunsPage } from '../pages/runs-page';

/** Opens a saved run from the list. */
export async function openRun(runs: RunsPage, index: number): Promise<void> {
  await runs.rows.nth(index).getByTestId('run-open').click();
  await expect(runs.result).toBeVisible();
}
