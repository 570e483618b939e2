import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/** Save as… in browser mode: the page asks for a path on the machine running bplab; main writes it. */
export async function saveExperimentAs(experiments: ExperimentsPage, path: string): Promise<void> {
  await experiments.fileSaveAs.click();
  await experiments.pathInput.fill(path);
  await experiments.pathSubmit.click();
  await expect(experiments.documentPath).toHaveText(path);
}
