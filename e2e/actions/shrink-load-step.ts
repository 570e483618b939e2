import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/** One load step's fields typed in the builder (a preset made smaller to try it); each must read right. */
export async function shrinkLoadStep(
  experiments: ExperimentsPage,
  fields: { clients: string; rows: string; seconds: string; warmupSeconds: string },
  step = 0,
): Promise<void> {
  const li = experiments.loadSteps.nth(step);
  for (const [field, text] of Object.entries(fields)) {
    await li.getByTestId(`experiment-load-${field}`).fill(text);
    await expect(li.getByTestId(`experiment-load-${field}`)).toHaveValue(text);
  }
  await expect(li.getByTestId('field-error')).toHaveCount(0);
}
