import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/** Presses Start (once the servers' check lets it) and waits until the run panel shows its progress. */
export async function startExperiment(experiments: ExperimentsPage): Promise<void> {
  await expect(experiments.start).toBeEnabled();
  await experiments.start.click();
  await expect(experiments.run).toHaveAttribute('data-state', 'running');
}
