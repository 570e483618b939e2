import { expect } from '@playwright/test';
import type { DatasetsPage } from '../pages/datasets-page';

/** Drops a dataset from its row (Drop, then the confirmation) and waits until it leaves the list. */
export async function dropDataset(datasets: DatasetsPage, schema: string): Promise<void> {
  await datasets.row(schema).getByTestId('dataset-drop').click();
  await datasets.row(schema).getByTestId('dataset-drop-confirm').click();
  await expect(datasets.row(schema)).toHaveCount(0);
}
