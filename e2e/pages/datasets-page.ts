/** The datasets screen: the dataset list, the create form, the load progress and the verify report. */
import type { Locator, Page } from '@playwright/test';

export class DatasetsPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('datasets-screen');
  }
  get profile() {
    return this.page.getByTestId('datasets-profile');
  }
  get error() {
    return this.page.getByTestId('datasets-error');
  }
  get refresh() {
    return this.page.getByTestId('datasets-refresh');
  }
  /** "No SSB dataset on this server yet": said only of a list that was read. */
  get empty() {
    return this.page.getByTestId('datasets-empty');
  }
  /** Why the list is not known (data-kind: unreachable, no-token, not-allowed...). */
  get listStatus() {
    return this.page.getByTestId('datasets-empty-status');
  }
  get mode() {
    return this.page.getByTestId('dataset-mode');
  }
  get sf() {
    return this.page.getByTestId('dataset-sf');
  }
  get seed() {
    return this.page.getByTestId('dataset-seed');
  }
  get schema() {
    return this.page.getByTestId('dataset-schema');
  }
  get engine() {
    return this.page.getByTestId('dataset-engine');
  }
  get lineorderPk() {
    return this.page.getByTestId('dataset-lineorder-pk');
  }
  get start() {
    return this.page.getByTestId('dataset-start');
  }
  get progress() {
    return this.page.getByTestId('dataset-progress');
  }
  get progressFigures() {
    return this.page.getByTestId('dataset-progress-figures');
  }
  get progressError() {
    return this.page.getByTestId('dataset-progress-error');
  }
  get cancel() {
    return this.page.getByTestId('dataset-cancel');
  }
  get verifyReport() {
    return this.page.getByTestId('dataset-verify-report');
  }
  get verifyVerdict() {
    return this.page.getByTestId('dataset-verify-verdict');
  }
  get verifyCancel() {
    return this.page.getByTestId('dataset-verify-cancel');
  }
  get verifyProgress() {
    return this.page.getByTestId('dataset-verify-progress');
  }
  get verifyError() {
    return this.page.getByTestId('dataset-verify-error');
  }
  get verifyQueries() {
    return this.page.getByTestId('dataset-verify-query');
  }
  row(schema: string): Locator {
    return this.page.locator(`[data-testid="dataset-row"][data-schema="${schema}"]`);
  }
}
