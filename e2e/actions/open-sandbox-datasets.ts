import { expect } from '@playwright/test';
import { DatasetsPage } from '../pages/datasets-page';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** "Datasets" on a sandbox: the datasets screen opens on the sandbox's connection. */
export async function openSandboxDatasets(sandboxes: SandboxesPage, name: string): Promise<DatasetsPage> {
  await sandboxes.row(name).getByTestId('sandbox-datasets').click();
  const datasets = new DatasetsPage(sandboxes.page);
  await datasets.screen.waitFor();
  await expect(datasets.profile.locator('option:checked')).toHaveText(`Sandbox ${name}`);
  return datasets;
}
