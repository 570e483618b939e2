import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

/** Presses "Find servers" (optionally searching a basedir too) and returns the binaries offered. */
export async function findServerBinaries(sandboxes: SandboxesPage, basedir?: string): Promise<string[]> {
  if (basedir) await sandboxes.basedir.fill(basedir);
  await sandboxes.findBinaries.click();
  await expect(sandboxes.findBinaries).toBeEnabled();
  await expect(sandboxes.binary).toBeEnabled();
  return sandboxes.binaryLabels();
}
