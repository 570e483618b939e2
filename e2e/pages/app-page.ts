/** The shell: opening bplab with its token, and moving between screens. */
import type { Page } from '@playwright/test';
import { e2eServer } from '../support/env';

export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(e2eServer().url);
    await this.page.getByTestId('nav-sandboxes').waitFor();
  }

  tab(screen: 'sandboxes' | 'connections' | 'capabilities' | 'datasets' | 'queries' | 'runs') {
    return this.page.getByTestId(`nav-${screen}`);
  }

  get disconnectedBanner() {
    return this.page.getByTestId('banner-disconnected');
  }
}
