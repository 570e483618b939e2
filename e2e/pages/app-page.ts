/** The shell: opening bplab with its token, moving between screens, and whether a screen fits the window. */
import type { Page } from '@playwright/test';
import { e2eServer } from '../support/env';

/** An element wider than its box: a screen that does not hold its layout. */
export interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(e2eServer().url);
    await this.page.getByTestId('nav-sandboxes').waitFor();
  }

  tab(screen: string) {
    return this.page.getByTestId(`nav-${screen}`);
  }

  /** The screen shown now (each screen's root is `<id>-screen`). */
  get currentScreen() {
    return this.page.locator('main [data-testid$="-screen"]');
  }

  /** The ids of every screen the navigation offers, in its order (read from the page, so new screens count). */
  async screenIds(): Promise<string[]> {
    const ids = await this.page
      .locator('nav [data-testid^="nav-"]:not([data-testid^="nav-group-"])')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace(/^nav-/, ''));
  }

  get disconnectedBanner() {
    return this.page.getByTestId('banner-disconnected');
  }

  /** The page and every panel whose content is wider than its box (nothing when the layout holds). */
  async horizontalOverflow(): Promise<Overflow[]> {
    return this.page.locator('html, main, .screen, .panel').evaluateAll((elements) =>
      elements.flatMap((el) => {
        // The page scrolls through document.scrollingElement (<html> in standards mode).
        const box = el.tagName === 'HTML' ? (el.ownerDocument.scrollingElement ?? el) : el;
        if (box.scrollWidth <= box.clientWidth) return [];
        const what =
          el.tagName === 'HTML'
            ? 'the page'
            : `${el.tagName.toLowerCase()}.${el.className.replace(/ /g, '.')} "${(el.textContent ?? '').slice(0, 40)}"`;
        return [{ what, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }];
      }),
    );
  }

  /** Every element that reaches past the window's right edge, outermost first (nothing when the layout holds). */
  async outsideWindow(): Promise<string[]> {
    return this.page.locator('body *').evaluateAll((elements) => {
      const width = elements[0]?.ownerDocument.documentElement.clientWidth ?? 0;
      const view = elements[0]?.ownerDocument.defaultView;
      const sticksOut = (el: (typeof elements)[number]) => el.getBoundingClientRect().right > width + 0.5;
      // An element inside a scrolling box that itself fits scrolls there; it does not widen the page.
      const scrolledInside = (el: (typeof elements)[number]) => {
        for (let box = el.parentElement; box; box = box.parentElement) {
          if (view?.getComputedStyle(box).overflowX !== 'visible') return !sticksOut(box);
        }
        return false;
      };
      const outside = elements.filter((el) => sticksOut(el) && !scrolledInside(el));
      // Only the outermost: an element inside one already listed says nothing more.
      return outside
        .filter((el) => !outside.some((other) => other !== el && other.contains(el)))
        .map((el) => {
          const id = el.getAttribute('data-testid') ?? el.className.toString().replace(/ /g, '.');
          return `${el.tagName.toLowerCase()}[${id}] right ${Math.round(el.getBoundingClientRect().right)} > ${width}`;
        });
    });
  }
}
