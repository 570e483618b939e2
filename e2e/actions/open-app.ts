import type { Page } from '@playwright/test';
import { AppPage } from '../pages/app-page';

/** Opens bplab with the URL `bplab serve` printed. */
export async function openApp(page: Page): Promise<AppPage> {
  const app = new AppPage(page);
  await app.open();
  return app;
}
