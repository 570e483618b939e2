import type { ComparePage } from '../pages/compare-page';

/** Exports the comparison in a format to a path (main writes it) and waits for the written line. */
export async function exportReport(compare: ComparePage, format: 'html' | 'csv' | 'md', to: string) {
  await compare.exportFormat.selectOption(format);
  await compare.exportTo.fill(to);
  await compare.exportButton.click();
  await compare.exportDone.waitFor();
}
