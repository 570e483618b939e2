/**
 * Every visible checkbox's box, measured in the page: a checkbox beside a label that wraps must keep
 * its size (it shrank to a 4–6 px dot when its flex item could). Run as a string: no DOM types here.
 */
import type { Page } from '@playwright/test';

/** Smallest width and height a checkbox may have, in CSS pixels. */
export const CHECKBOX_MIN_PX = 12;

export interface CheckboxBox {
  /** Its test id, aria-label or label text: enough to find it. */
  what: string;
  width: number;
  height: number;
}

export async function visibleCheckboxes(page: Page): Promise<CheckboxBox[]> {
  return page.evaluate(`(() =>
    [...document.querySelectorAll('input[type="checkbox"]')]
      .filter((e) => e.offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const label = (e.closest('label')?.textContent ?? '').trim().slice(0, 50);
        const what = e.dataset.testid || e.getAttribute('aria-label') || label || '(unnamed)';
        return { what, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
      }))()`);
}

/** The visible checkboxes smaller than CHECKBOX_MIN_PX either way, said as "name w×h". */
export async function shrunkCheckboxes(page: Page): Promise<string[]> {
  return (await visibleCheckboxes(page))
    .filter((b) => b.width < CHECKBOX_MIN_PX || b.height < CHECKBOX_MIN_PX)
    .map((b) => `${b.what} ${b.width}×${b.height}`);
}

/**
 * Checkbox labels on one line that run together: two visible labels whose boxes overlap in height and
 * stand less than `gap` px apart ("…GEN_CLUST_INDEXreplace a bplab dataset…"), said as "A | B: n px".
 */
export async function crowdedCheckLabels(page: Page, gap = 8): Promise<string[]> {
  return page.evaluate(`(() => {
    const labels = [...document.querySelectorAll('label')]
      .filter((l) => l.querySelector('input[type="checkbox"]') && l.offsetParent !== null)
      .map((l) => ({ text: (l.textContent ?? '').trim().slice(0, 40), r: l.getBoundingClientRect() }));
    const out = [];
    for (const a of labels)
      for (const b of labels) {
        if (a === b || b.r.left < a.r.left) continue;
        const sameLine = a.r.top < b.r.bottom - 2 && b.r.top < a.r.bottom - 2;
        const apart = b.r.left - a.r.right;
        if (sameLine && apart < ${gap}) out.push(a.text + ' | ' + b.text + ': ' + Math.round(apart) + ' px');
      }
    return out;
  })()`);
}
