import { expect } from '@playwright/test';
import type { DatasetsPage } from '../pages/datasets-page';

/** Presses "Cancel load" once rows are flowing, and waits for the load to end. */
export async function cancelDatasetLoad(datasets: DatasetsPage): Promise<void> {
  await expect(datasets.progressFigures).toContainText('rows/s', { timeout: 60_000 });
  await datasets.cancel.click();
  await expect(datasets.progress).toHaveAttribute('data-done', 'yes', { timeout: 60_000 });
}
