import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/**
 * File → New, the servers ticked and an OLTP preset (posts 002, 004) used: no dataset schema is typed,
 * as these presets run on sysbench's own tables. The builder then holds the preset's load steps.
 */
export async function buildFromLoadPreset(
  experiments: ExperimentsPage,
  spec: { connections: string[]; presetId: string },
): Promise<void> {
  await experiments.fileNew.click();
  await expect(experiments.builder).toBeVisible();
  for (const connection of spec.connections) await experiments.server(connection).check();
  await experiments.preset.selectOption(spec.presetId);
  await experiments.usePreset.click();
  await expect(experiments.loadSteps.first()).toBeVisible();
}
