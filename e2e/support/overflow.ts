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

/**
 * Text cut short (an ellipsis) while its line has room to spare: every visible `.truncate` whose text
 * is wider than it, with more than 24 px free after the last box of its line in its container (its
 * parent, or past a parent that only wraps its content, such as a label beside its checkbox).
 */
export async function cutWithRoom(page: Page): Promise<string[]> {
  return page.evaluate(`(() =>
    [...document.querySelectorAll('.truncate')]
      .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      .flatMap((e) => {
        // The line's container: past boxes that only wrap their content (a label beside its checkbox).
        let parent = e.parentElement;
        while (
          parent.parentElement &&
          (parent.tagName === 'LABEL' || getComputedStyle(parent).display.startsWith('inline'))
        )
          parent = parent.parentElement;
        const box = e.getBoundingClientRect();
        const inner = parent.getBoundingClientRect().right - parseFloat(getComputedStyle(parent).paddingRight);
        const line = [...parent.children]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.bottom > box.top && r.top < box.bottom);
        const free = inner - Math.max(...line.map((r) => r.right));
        return free > 24 ? [(e.textContent || '').slice(0, 40) + ': ' + Math.round(free) + ' px free'] : [];
      }))()`);
}
