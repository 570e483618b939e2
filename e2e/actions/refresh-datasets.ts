import { expect } from '@playwright/test';
import type { DatasetsPage } from '../pages/datasets-page';

/** "Refresh" on the datasets screen, waiting until the list was read again. */
export async function refreshDatasets(datasets: DatasetsPage): Promise<void> {
  await datasets.refresh.click();
  await expect(datasets.refresh).toHaveText('Refresh');
}
