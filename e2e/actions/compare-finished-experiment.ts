import { expect } from '@playwright/test';
import { ComparePage } from '../pages/compare-page';
import type { ExperimentsPage } from '../pages/experiments-page';

/** A finished experiment's Compare, in one click: its results file on the Compare screen. */
export async function compareFinishedExperiment(experiments: ExperimentsPage): Promise<ComparePage> {
  await experiments.compare.click();
  const compare = new ComparePage(experiments.page);
  await expect(compare.screen).toBeVisible();
  return compare;
}
