import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/** File → Open… in browser mode: the path typed into the page; main reads and checks the file. */
export async function openExperimentFile(experiments: ExperimentsPage, path: string): Promise<void> {
  await experiments.fileOpen.click();
  await experiments.pathInput.fill(path);
  await experiments.pathSubmit.click();
  await expect(
    experiments.documentPath.filter({ hasText: path }).or(experiments.documentError),
  ).toBeVisible();
}
