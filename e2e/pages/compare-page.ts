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
}
