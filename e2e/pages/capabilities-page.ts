/** The capabilities screen and its report. */
import type { Page } from '@playwright/test';

export class CapabilitiesPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('capabilities-screen');
  }
  get report() {
    return this.page.getByTestId('capability-report');
  }
  get flavor() {
    return this.page.getByTestId('capability-server-flavor');
  }
  get version() {
    return this.page.getByTestId('capability-server-version');
  }
  get oldPageMethod() {
    return this.page.getByTestId('lru-old-method');
  }
  get bufferPoolTable() {
    return this.page.getByTestId('buffer-pool-table');
  }
  capability(id: string) {
    return this.page.locator(`[data-testid="capability-row"][data-id="${id}"]`);
  }
  get privileges() {
    return this.page.getByTestId('privilege-row');
  }
}
