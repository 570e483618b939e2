/**
 * The desktop app's conventions, in browser mode: the Go shortcuts (the menu's accelerators, read
 * from the keyboard where there is no menu) move through the steps of the work, and the app follows
 * the OS's light or dark theme with body text that stays readable (contrast at least 4.5:1).
 */
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './actions/open-app';

test.use({ viewport: { width: 1024, height: 700 } });

test('Ctrl+1..n go to the first screen of each step of the work', async ({ page }) => {
  const app = await openApp(page);
  await page.keyboard.press('Control+2');
  await expect(app.tab('datasets')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('datasets-screen')).toBeVisible();
  await page.keyboard.press('Control+3');
  await expect(app.tab('queries')).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Control+1');
  await expect(app.tab('sandboxes')).toHaveAttribute('aria-current', 'page');
  // A plain digit is typing, not a command.
  await page.keyboard.press('2');
  await expect(app.tab('sandboxes')).toHaveAttribute('aria-current', 'page');
});

/** The page's colours as drawn: the background behind everything, a panel, and their text. */
interface Colours {
  background: string;
  text: string;
  panel: string;
  panelText: string;
  muted: string;
}

/** Evaluated in the page (as text: this file is type-checked without the DOM's types). */
const READ_COLOURS = `(() => {
  const css = (el, prop) => (el ? getComputedStyle(el)[prop] : '');
  const panel = document.querySelector('.panel');
  return {
    background: css(document.documentElement, 'backgroundColor'),
    text: css(document.body, 'color'),
    panel: css(panel, 'backgroundColor'),
    panelText: css(panel, 'color'),
    muted: css(document.querySelector('.muted'), 'color'),
  };
})()`;

function colours(page: Page): Promise<Colours> {
  return page.evaluate(READ_COLOURS) as Promise<Colours>;
}

/** WCAG's contrast ratio of two rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('follows the OS theme: dark when the OS is dark, with readable text in both', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  await page.locator('.panel').first().waitFor();
  const light = await colours(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await colours(page);

  expect(dark.background).not.toBe(light.background);
  expect(dark.panel).not.toBe(light.panel);
  for (const theme of [light, dark]) {
    expect(contrast(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.panelText, theme.panel)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.muted, theme.panel)).toBeGreaterThanOrEqual(4.5);
  }
  // Dark means dark: the background is darker than its text.
  expect(contrast(dark.background, 'rgb(0, 0, 0)')).toBeLessThan(contrast(dark.text, 'rgb(0, 0, 0)'));
});
