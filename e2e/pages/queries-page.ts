/** The Queries screen: the catalogue, a query's variants and SQL, EXPLAIN preview, the editor, Run. */
import type { Locator, Page } from '@playwright/test';

export class QueriesPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('queries-screen');
  }
  get profile() {
    return this.page.getByTestId('queries-profile');
  }
  get schema() {
    return this.page.getByTestId('queries-schema');
  }
  get flights() {
    return this.page.getByTestId('query-flight');
  }
  query(id: string): Locator {
    return this.page.locator(`[data-testid="query-item"][data-query="${id}"]`);
  }
  get detail() {
    return this.page.getByTestId('query-detail');
  }
  variant(id: string): Locator {
    return this.page.locator(`[data-testid="query-variant"][data-variant="${id}"]`);
  }
  get sql() {
    return this.page.getByTestId('query-sql');
  }
  get explainButton() {
    return this.page.getByTestId('query-explain');
  }
  get explainTable() {
    return this.page.getByTestId('query-explain-result-table');
  }
  get explainError() {
    return this.page.getByTestId('query-explain-error');
  }
  get poll() {
    return this.page.getByTestId('run-poll');
  }
  get explainAnalyze() {
    return this.page.getByTestId('run-explain-analyze');
  }
  get run() {
    return this.page.getByTestId('run-start');
  }
  get runError() {
    return this.page.getByTestId('run-start-error');
  }
  get newQuery() {
    return this.page.getByTestId('query-new');
  }
  get editor() {
    return this.page.getByTestId('query-editor');
  }
  get editorTitle() {
    return this.page.getByTestId('query-editor-title');
  }
  get editorSql() {
    return this.page.getByTestId('query-editor-sql');
  }
  get editorSave() {
    return this.page.getByTestId('query-editor-save');
  }
  get editorError() {
    return this.page.getByTestId('query-editor-error');
  }
  /** The chosen server's pool size, read back from it. */
  get poolSize() {
    return this.page.getByTestId('queries-pool-size-value');
  }
  /** A sandbox's pool: the size to resize it to, Resize, the refusal under the field, and what it did. */
  get poolResizeSize() {
    return this.page.getByTestId('queries-pool-resize-size');
  }
  get poolResize() {
    return this.page.getByTestId('queries-pool-resize');
  }
  get poolResizeError() {
    return this.page.locator('[data-testid="field-error"][data-field="size"]');
  }
  get poolResizeSaid() {
    return this.page.getByTestId('queries-pool-resize-said');
  }
}
