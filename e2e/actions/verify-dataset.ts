import { expect } from '@playwright/test';
import type { DatasetsPage } from '../pages/datasets-page';

/** Presses Verify on a dataset's row and waits for the report; returns its verdict. */
export async function verifyDataset(datasets: DatasetsPage, schema: string): Promise<string> {
  await datasets.row(schema).getByTestId('dataset-verify').click();
  await expect(datasets.verifyVerdict).toBeVisible({ timeout: 120_000 });
  return (await datasets.verifyVerdict.textContent()) ?? '';
}
