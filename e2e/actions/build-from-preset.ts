import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/**
 * File → New, then the dataset's schema and the server ticked (a preset sizes its pool from the
 * data there), then a preset chosen and used: the builder holds the preset's definition.
 */
export async function buildFromPreset(
  experiments: ExperimentsPage,
  spec: { connection: string; schema: string; presetId: string },
): Promise<void> {
  await experiments.fileNew.click();
  await expect(experiments.builder).toBeVisible();
  await experiments.schema.fill(spec.schema);
  await experiments.server(spec.connection).check();
  await experiments.preset.selectOption(spec.presetId);
  await experiments.usePreset.click();
  await expect(experiments.pickedQueries.first()).toBeChecked();
}
