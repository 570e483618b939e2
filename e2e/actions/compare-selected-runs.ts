import { expect, type Locator } from '@playwright/test';
import { ComparePage } from '../pages/compare-page';
import type { RunsPage } from '../pages/runs-page';

/** Ticks runs in the Runs list (in order: the first is the baseline) and presses "Compare selected". */
export async function compareSelectedRuns(runs: RunsPage, rows: Locator[]): Promise<ComparePage> {
  for (const row of rows) await row.getByTestId('run-pick').check();
  await expect(runs.compareSelected).toBeEnabled();
  await runs.compareSelected.click();
  const compare = new ComparePage(runs.page);
  await expect(compare.screen).toBeVisible();
  return compare;
}
