/** The comparison screen: results files, configurations, findings, tables, charts and the export. */
import type { Page } from '@playwright/test';

export class ComparePage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('compare-screen');
  }
  get path() {
    return this.page.getByTestId('compare-path');
  }
  get openButton() {
    return this.page.getByTestId('compare-open');
  }
  get openError() {
    return this.page.getByTestId('compare-open-error');
  }
  get files() {
    return this.page.getByTestId('compare-file');
  }
  choice(label: string) {
    return this.page.locator(`[data-testid="compare-choice"][data-label="${label}"]`);
  }
  get choices() {
    return this.page.getByTestId('compare-choice');
  }
  get findings() {
    return this.page.getByTestId('compare-findings').getByTestId('finding');
  }
  table(id: string) {
    return this.page.locator(`[data-testid="compare-table"][data-table="${id}"]`);
  }
  get tables() {
    return this.page.getByTestId('compare-table');
  }
  get pairSelect() {
    return this.page.getByTestId('compare-pair-select');
  }
  get pairedBars() {
    return this.page.getByTestId('lru-paired-bars');
  }
  get exportFormat() {
    return this.page.getByTestId('export-format');
  }
  get exportTo() {
    return this.page.getByTestId('export-to');
  }
  get exportButton() {
    return this.page.getByTestId('export-run');
  }
  get exportDone() {
    return this.page.getByTestId('export-done');
  }
  get exportError() {
    return this.page.getByTestId('export-error');
  }
  /** One loaded results file's row (its path, or a file dropped in browser mode: its name). */
  file(file: string) {
    return this.page.locator(`[data-testid="compare-file"][data-file="${file}"]`);
  }
  /** The answer first: one line per side against the baseline. */
  get headline() {
    return this.page.getByTestId('compare-headline-line');
  }
  /** "A = … · B = …". */
  get legend() {
    return this.page.getByTestId('compare-legend');
  }
  get grouping() {
    return this.page.getByTestId('compare-grouping');
  }
  /** The EXPLAIN diffs lifted to the top when the plans differ. */
  get planDiffs() {
    return this.page.locator('[data-testid="compare-table"][data-table^="plan-"]');
  }
  get recentFiles() {
    return this.page.getByTestId('compare-recent-file');
  }
  get picked() {
    return this.page.getByTestId('compare-picked');
  }
}
