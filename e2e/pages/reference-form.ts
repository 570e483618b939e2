/** The Compare screen's form to add a reference figure: its fields, their messages, and what it says. */
import type { Page } from '@playwright/test';

export class ReferenceFormPanel {
  constructor(readonly page: Page) {}

  get panel() {
    return this.page.getByTestId('reference-add');
  }
  /** Folded until asked for: its title opens it. */
  get title() {
    return this.panel.locator('summary');
  }
  field(
    name:
      | 'kind'
      | 'side'
      | 'other'
      | 'pass'
      | 'query'
      | 'step'
      | 'clients'
      | 'value'
      | 'unit'
      | 'source'
      | 'where'
      | 'label'
      | 'earlier',
  ) {
    return this.panel.getByTestId(`reference-${name}`);
  }
  /** The message under a field, in words. */
  error(name: string) {
    return this.panel.locator(`[data-testid="field-error"][data-field="${name}"]`);
  }
  get takeEarlier() {
    return this.panel.getByTestId('reference-earlier-take');
  }
  get save() {
    return this.panel.getByTestId('reference-save');
  }
  get added() {
    return this.panel.getByTestId('reference-added');
  }
}
