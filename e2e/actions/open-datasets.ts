import { expect } from '@playwright/test';
import type { AppPage } from '../pages/app-page';
import { DatasetsPage } from '../pages/datasets-page';

/** Goes to the datasets screen and picks the connection by its label (a sandbox's: "Sandbox NAME"). */
export async function openDatasets(app: AppPage, profileLabel: string): Promise<DatasetsPage> {
  await app.tab('datasets').click();
  const datasets = new DatasetsPage(app.page);
  await datasets.screen.waitFor();
  await datasets.profile.selectOption({ label: profileLabel });
  await expect(datasets.profile.locator('option:checked')).toHaveText(profileLabel);
  return datasets;
}
