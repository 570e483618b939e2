import { expect } from '@playwright/test';
import type { SandboxesPage } from '../pages/sandboxes-page';

export interface NewSandbox {
  name: string;
  /** The label of the binary to use, as the binary list shows it. */
  binaryLabel: string;
  bufferPool?: string;
  oldBlocksTimeMs?: string;
  options?: string;
}

/** Fills the create form, presses "Create and start", and waits until the sandbox runs. */
export async function createSandbox(sandboxes: SandboxesPage, spec: NewSandbox): Promise<void> {
  await sandboxes.binary.selectOption({ label: spec.binaryLabel });
  await sandboxes.name.fill(spec.name);
  if (spec.bufferPool) await sandboxes.bufferPool.fill(spec.bufferPool);
  if (spec.oldBlocksTimeMs !== undefined) await sandboxes.oldBlocksTime.fill(spec.oldBlocksTimeMs);
  if (spec.options) await sandboxes.options.fill(spec.options);
  await sandboxes.create.click();
  await expect(sandboxes.row(spec.name)).toHaveAttribute('data-status', 'running', { timeout: 180_000 });
}
