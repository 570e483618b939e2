/** The comparison screen's published figures: the headline, and each figure with its verdict. */
import type { Page } from '@playwright/test';

export class PublishedFiguresPanel {
  constructor(readonly page: Page) {}

  get panel() {
    return this.page.getByTestId('compare-published');
  }
  get headline() {
    return this.panel.getByTestId('published-headline');
  }
  get figures() {
    return this.panel.getByTestId('published-figure');
  }
  /** A figure's rows (one per configuration it was measured in), by the start of its label. */
  figure(label: string) {
    return this.figures.filter({ hasText: label });
  }
}
