import type { AppPage } from '../pages/app-page';

/** Opens a screen from the navigation and waits until it is drawn. */
export async function visitScreen(app: AppPage, id: string): Promise<void> {
  await app.tab(id).click();
  await app.page.locator(`nav [data-testid="nav-${id}"][aria-current="page"]`).waitFor();
  await app.currentScreen.waitFor();
}
