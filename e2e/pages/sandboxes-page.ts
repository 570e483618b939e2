/** The sandboxes screen. */
import type { Locator, Page } from '@playwright/test';

export class SandboxesPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('sandboxes-screen');
  }
  get basedir() {
    return this.page.getByTestId('sandbox-basedir');
  }
  get findBinaries() {
    return this.page.getByTestId('sandbox-find-binaries');
  }
  get binary() {
    return this.page.getByTestId('sandbox-binary');
  }
  get name() {
    return this.page.getByTestId('sandbox-name');
  }
  get port() {
    return this.page.getByTestId('sandbox-port');
  }
  get bufferPool() {
    return this.page.getByTestId('sandbox-buffer-pool');
  }
  get oldBlocksTime() {
    return this.page.getByTestId('sandbox-old-blocks-time');
  }
  get options() {
    return this.page.getByTestId('sandbox-options');
  }
  /** "keep it if its first start fails". */
  get keepFailed() {
    return this.page.getByTestId('sandbox-keep-failed');
  }
  get create() {
    return this.page.getByTestId('sandbox-create');
  }
  /** Cancel, shown while a sandbox is being created. */
  get cancelCreate() {
    return this.page.getByTestId('sandbox-create-cancel');
  }
  /** What the create under way is doing, in main's words. */
  get createPhase() {
    return this.page.getByTestId('sandbox-create-phase');
  }
  get error() {
    return this.screen.getByTestId('error');
  }
  /** The validation message under one field of the create form. */
  fieldError(field: string) {
    return this.page.locator(`[data-testid="field-error"][data-field="${field}"]`);
  }
  /** "No sandboxes yet": said only of a list that was read. */
  get empty() {
    return this.page.getByTestId('sandboxes-empty');
  }
  /** Why the list is not known (data-kind: no-token, bplab-unreachable...). */
  get listStatus() {
    return this.page.getByTestId('sandboxes-empty-status');
  }
  get logView() {
    return this.page.getByTestId('sandbox-log-view');
  }
  get logText() {
    return this.page.getByTestId('sandbox-log-text');
  }

  /** The binaries offered, as "MariaDB 10.11.19 · /usr/sbin/mariadbd" labels. */
  async binaryLabels(): Promise<string[]> {
    return this.binary.locator('option').allTextContents();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="sandbox-row"][data-name="${name}"]`);
  }

  button(
    name: string,
    action:
      'start' | 'stop' | 'restart' | 'log' | 'open-connection' | 'capabilities' | 'delete' | 'delete-confirm',
  ) {
    return this.row(name).getByTestId(`sandbox-${action}`);
  }
}
