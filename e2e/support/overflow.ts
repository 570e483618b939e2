/**
 * What overflows sideways: every table container (`.table-scroll`) whose content is wider than it
 * (scrollWidth > clientWidth), with every folded section opened first, named by the nearest id.
 * Run in the page as a string: the e2e is compiled without DOM types.
 */
import type { Page } from '@playwright/test';

export async function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    document.querySelectorAll('details').forEach((d) => { d.open = true; });
    return [...document.querySelectorAll('.table-scroll')]
      .filter((e) => e.scrollWidth > e.clientWidth)
      .map((e) => (e.closest('[id]')?.id ?? '(no id)') + ': ' + e.scrollWidth + ' > ' + e.clientWidth);
  })()`);
}

/** How many table containers the page holds (so a check of none overflowing is not a check of none there). */
export async function tableContainers(page: Page): Promise<number> {
  return page.locator('.table-scroll').count();
}
