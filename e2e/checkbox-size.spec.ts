/**
 * Every checkbox keeps its box: every screen (read from the navigation), at 1024×700 and 1440×900,
 * with its forms open (a new connection, a new experiment with a server of a long name to tick), and
 * every visible checkbox at least 12 px wide and high, a label that wraps beside it included ("keep it
 * if its first start fails", the production switch, the protocol's cold choices, the servers).
 * No label there is cut short with room to spare on its line (a server's long name in the builder),
 * and no two labels on one line run together (the dataset form's two did).
 * And a disabled Delete (a danger button) looks as disabled as any other disabled button.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { visitScreen } from './actions/visit-screen';
import type { AppPage } from './pages/app-page';
import { ConnectionsPage } from './pages/connections-page';
import { ExperimentsPage } from './pages/experiments-page';
import { mustCall } from './support/api';
import { crowdedCheckLabels, shrunkCheckboxes, visibleCheckboxes } from './support/checkboxes';
import { cutWithRoom } from './support/overflow';

/** A connection to tick in the builder (never connected to): its long name wraps beside its box. */
const LONG_NAME = `e2e-checkbox ${Date.now().toString(36)} a connection whose name is long enough to wrap`;
let profileId = '';

test.beforeAll(async () => {
  profileId = (
    await mustCall('profiles/save', {
      draft: {
        name: LONG_NAME,
        transport: 'tcp',
        host: '127.0.0.1',
        port: 9,
        user: 'nobody',
        tls: { mode: 'off' },
      },
    })
  ).id;
});

test.afterAll(async () => {
  if (profileId) await mustCall('profiles/delete', { id: profileId }).catch(() => undefined);
});

/** The screen with its forms open, so their checkboxes are on it. */
async function openForms(app: AppPage, screen: string): Promise<void> {
  if (screen === 'connections') {
    const connections = new ConnectionsPage(app.page);
    if (!(await connections.editor.isVisible())) await connections.newProfile.click();
    await expect(connections.editor).toBeVisible();
  }
  if (screen === 'experiments') {
    const experiments = new ExperimentsPage(app.page);
    if (!(await experiments.builder.isVisible())) await experiments.fileNew.click();
    await expect(experiments.server(LONG_NAME)).toBeVisible();
  }
}

test('every visible checkbox is at least 12 px wide and high, on every screen, at 1024 and 1440 px', async ({
  page,
}) => {
  const app = await openApp(page);
  let measured = 0;
  const shrunk: string[] = [];
  const cut: string[] = [];
  const crowded: string[] = [];
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    for (const screen of await app.screenIds()) {
      await visitScreen(app, screen);
      await openForms(app, screen);
      const where = `${screen} at ${size.width}×${size.height}`;
      measured += (await visibleCheckboxes(page)).length;
      shrunk.push(...(await shrunkCheckboxes(page)).map((b) => `${where}: ${b}`));
      // A label beside its box (a server's long name) is cut only where its line runs out.
      cut.push(...(await cutWithRoom(page)).map((c) => `${where}: ${c}`));
      // Two labels on a line stand apart (the dataset form's ran together: "…GEN_CLUST_INDEXreplace…").
      crowded.push(...(await crowdedCheckLabels(page)).map((c) => `${where}: ${c}`));
    }
  }
  expect(shrunk).toEqual([]);
  expect(cut).toEqual([]);
  expect(crowded).toEqual([]);
  // The check saw the forms' checkboxes: a screen that drew none would pass it for nothing.
  expect(measured).toBeGreaterThan(20);
});

test('a disabled Delete looks disabled: the colour of any disabled button, not the danger red', async ({
  page,
}) => {
  await openApp(page);
  // The app's own stylesheet on three buttons: a disabled plain one, a disabled and an enabled Delete.
  const colours = await page.evaluate(`(() => {
    const host = document.querySelector('main');
    const make = (cls, disabled) => {
      const b = document.createElement('button');
      b.className = cls;
      b.disabled = disabled;
      b.textContent = 'Delete';
      host.appendChild(b);
      return getComputedStyle(b).color;
    };
    return { plain: make('', true), danger: make('danger', true), enabled: make('danger', false) };
  })()`);
  const { plain, danger, enabled } = colours as { plain: string; danger: string; enabled: string };
  expect(danger).toBe(plain);
  expect(danger).not.toBe(enabled);
});
