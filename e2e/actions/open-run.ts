import { expect, type Locator } from '@playwright/test';
import type { RunsPage } from '../pages/runs-page';

/** Opens a saved run from the list (or from some of its rows, e.g. runs.rowsOn(schema)). */
export async function openRun(runs: RunsPage, index: number, rows: Locator = runs.rows): Promise<void> {
  await rows.nth(index).getByTestId('run-open').click();
  await expect(runs.result).toBeVisible();
}
