/** The connections screen: the list and the editor. */
import type { Page } from '@playwright/test';

export class ConnectionsPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('connections-screen');
  }
  get editor() {
    return this.page.getByTestId('profile-editor');
  }
  get newProfile() {
    return this.page.getByTestId('profile-new');
  }
  field(name: 'name' | 'host' | 'port' | 'socket' | 'user' | 'database' | 'password') {
    return this.page.getByTestId(`profile-${name}`);
  }
  get transport() {
    return this.page.getByTestId('profile-transport');
  }
  get save() {
    return this.page.getByTestId('profile-save');
  }
  get test() {
    return this.page.getByTestId('profile-test');
  }
  get deleteProfile() {
    return this.page.getByTestId('profile-delete');
  }
  /** The validation message under one field. */
  fieldError(field: string) {
    return this.page.locator(`[data-testid="field-error"][data-field="${field}"]`);
  }
  get testResult() {
    return this.page.getByTestId('test-result');
  }
  get testVersion() {
    return this.page.getByTestId('test-result-version');
  }
  get testError() {
    return this.page.getByTestId('test-error');
  }
  get passwordPrompt() {
    return this.page.getByTestId('password-prompt');
  }
}
