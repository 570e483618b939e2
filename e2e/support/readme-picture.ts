/**
 * Where a journey writes a picture the docs show: docs/NAME when BPLAB_E2E_SCREENSHOT=1 asks to refresh
 * them, otherwise the test's own output folder, so a plain test run leaves the tree as it was.
 */
import { join } from 'node:path';
import { test } from '@playwright/test';

export function readmePicture(name: string): string {
  return process.env.BPLAB_E2E_SCREENSHOT
    ? join(__dirname, '..', '..', 'docs', name)
    : test.info().outputPath(name);
}
