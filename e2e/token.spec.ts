/** (a) Browser mode's token: without it nothing is served; with it the app opens and the token leaves the address bar. */
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { e2eServer } from './support/env';

const REFUSAL = 'bplab: this URL needs the token printed when bplab serve started';

test('a plain HTTP request without the token, or with a wrong one, is refused', async ({ playwright }) => {
  const { origin, token } = e2eServer();
  const http = await playwright.request.newContext();
  try {
    for (const path of ['/', '/index.html', '/assets/index.js', '/?token=wrong', `/?token=${token}x`]) {
      const reply = await http.get(origin + path);
      expect(reply.status(), path).toBe(401);
      expect((await reply.text()).trim(), path).toBe(REFUSAL);
    }
    const ok = await http.get(`${origin}/?token=${token}`);
    expect(ok.status()).toBe(200);
  } finally {
    await http.dispose();
  }
});

test('opening the URL without the token shows the refusal, not the app', async ({ page }) => {
  const response = await page.goto(e2eServer().origin + '/');
  expect(response?.status()).toBe(401);
  await expect(page.locator('body')).toHaveText(REFUSAL);
  await expect(page.getByTestId('nav-sandboxes')).toHaveCount(0);
});

test('with the token the app opens, and the token is taken out of the address bar', async ({ page }) => {
  await openApp(page);
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await expect(page.getByTestId('app-info')).toContainText('browser mode');
  // A reload keeps working: the token stays in this tab's session storage and the cookie lets the page load.
  await page.reload();
  await expect(page.getByTestId('app-info')).toContainText('browser mode');
});
