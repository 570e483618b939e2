/**
 * Electron's main process wiring, run under Node with a stand-in for the `electron` module (Electron's
 * binary cannot be downloaded here). Behind it is the real createApp: app/info really answers.
 * What is checked: the window's hardening, the IPC sender check, navigation and request blocking,
 * the CSP header, and that quitting waits for app.shutdown().
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveExperimentFile } from '../../../src/main/experiments/experiment-file';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/transport/csp';
import { experiment } from '../../support/run-fixture';

type Handler = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  const state = {
    appEvents: {} as Record<string, Handler>,
    ipc: {} as Record<string, Handler>,
    windows: [] as Array<{
      options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
      windowEvents: Record<string, Handler>;
      maximized: boolean;
      file?: string;
      contentsEvents: Record<string, Handler>;
      openHandler?: Handler;
      sent: unknown[][];
    }>,
    session: {} as Record<string, Handler>,
    quits: 0,
    menu: null as null | {
      template: Array<{ label?: string; role?: string; submenu?: Array<Record<string, unknown>> }>;
    },
  };
  class BrowserWindow {
    contentsEvents: Record<string, Handler> = {};
    openHandler?: Handler;
    sent: unknown[][] = [];
    file?: string;
    webContents = {
      on: (event: string, handler: Handler) => void (this.contentsEvents[event] = handler),
      setWindowOpenHandler: (handler: Handler) => void (this.openHandler = handler),
      send: (...args: unknown[]) => void this.sent.push(args),
    };
    windowEvents: Record<string, Handler> = {};
    maximized = false;
    constructor(readonly options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
      state.windows.push(this);
    }
    once(event: string, handler: Handler) {
      this.windowEvents[event] = handler;
    }
    on(event: string, handler: Handler) {
      this.windowEvents[event] = handler;
    }
    show() {}
    maximize() {
      this.maximized = true;
    }
    isMaximized() {
      return this.maximized;
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1111, height: 777 };
    }
    isDestroyed() {
      return false;
    }
    loadFile(file: string) {
      this.file = file;
      return Promise.resolve();
    }
    static getAllWindows() {
      return state.windows;
    }
    static getFocusedWindow() {
      return state.windows[0] ?? null;
    }
  }
  const module = {
    app: {
      requestSingleInstanceLock: () => true,
      on: (event: string, handler: Handler) => void (state.appEvents[event] = handler),
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.0.0-electron-test',
      name: 'bplab',
      getPath: () => {
        throw new Error('BPLAB_HOME is set in this test');
      },
      quit: () => void (state.quits += 1),
      exit: () => {},
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, handler: Handler) => void (state.ipc[channel] = handler) },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: () => Buffer.alloc(0),
      decryptString: () => '',
    },
    session: {
      defaultSession: {
        webRequest: {
          onBeforeRequest: (handler: Handler) => void (state.session.beforeRequest = handler),
          onHeadersReceived: (handler: Handler) => void (state.session.headersReceived = handler),
        },
        setPermissionRequestHandler: (handler: Handler) => void (state.session.permission = handler),
        setPermissionCheckHandler: (handler: Handler) => void (state.session.permissionCheck = handler),
      },
    },
    dialog: { showErrorBox: () => {} },
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: (menu: typeof state.menu) => void (state.menu = menu),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    shell: { openPath: () => Promise.resolve('') },
  };
  return { state, module };
});

vi.mock('electron', () => electron.module);

const { state } = electron;
let home: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'bplab-electron-'));
  process.env.BPLAB_HOME = home;
  // Where the window was when the app last quit: it opens there again.
  writeFileSync(
    join(home, 'window-state.json'),
    JSON.stringify({ x: 200, y: 100, width: 1024, height: 700, maximized: true }),
  );
  await import('../../../src/main/electron/main');
  await vi.waitFor(() => expect(state.windows).toHaveLength(1));
});

afterAll(() => {
  delete process.env.BPLAB_HOME;
  rmSync(home, { recursive: true, force: true });
});

const win = () => {
  const w = state.windows[0];
  if (!w) throw new Error('no window');
  return w;
};
const pageUrl = () => pathToFileURL(win().file ?? '').href;

describe('Electron main', () => {
  it('opens one hardened window on the app page, with the sandboxed preload', () => {
    expect(win().options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(win().options.webPreferences.preload)).toMatch(/preload\.cjs$/);
    expect(win().file).toMatch(/renderer[/\\]index\.html$/);
  });

  it('answers the app page through the real dispatch, and nobody else', async () => {
    const invoke = state.ipc['bplab:invoke'];
    expect(invoke).toBeDefined();
    const own = await invoke?.({ senderFrame: { parent: null, url: pageUrl() } }, 'app/info', {});
    expect(own).toMatchObject({
      ok: true,
      value: { transport: 'electron', dataDir: home, version: '0.0.0-electron-test' },
    });
    for (const senderFrame of [
      { parent: null, url: 'https://evil.example/' },
      { parent: {}, url: pageUrl() },
      null,
    ]) {
      const refused = await invoke?.({ senderFrame }, 'app/info', {});
      expect(refused).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('keeps the window on its page: no navigation away, no new windows, no permissions', () => {
    let prevented = false;
    win().contentsEvents['will-navigate']?.(
      { preventDefault: () => (prevented = true) },
      'https://evil.example/',
    );
    expect(prevented).toBe(true);
    prevented = false;
    win().contentsEvents['will-navigate']?.({ preventDefault: () => (prevented = true) }, pageUrl() + '#x');
    expect(prevented).toBe(false);
    expect(win().openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    let granted: unknown;
    state.session.permission?.({}, 'media', (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
  });

  it('blocks remote requests and sends the CSP header', () => {
    const decide = (url: string) => {
      let answer: unknown;
      state.session.beforeRequest?.({ url }, (a: unknown) => (answer = a));
      return answer;
    };
    expect(decide('https://cdn.example.com/x.js')).toEqual({ cancel: true });
    expect(decide(pageUrl())).toEqual({ cancel: false });
    let headers: unknown;
    state.session.headersReceived?.({ responseHeaders: { a: ['b'] } }, (r: unknown) => (headers = r));
    expect(headers).toEqual({
      responseHeaders: { a: ['b'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it('opens the window where it was last time, maximised again, and saves its place when it closes', () => {
    expect(win().options).toMatchObject({ x: 200, y: 100, width: 1024, height: 700 });
    expect(win().maximized).toBe(false);
    win().windowEvents['ready-to-show']?.();
    expect(win().maximized).toBe(true);
    win().windowEvents.close?.();
    expect(JSON.parse(readFileSync(join(home, 'window-state.json'), 'utf8'))).toEqual({
      x: 40,
      y: 30,
      width: 1111,
      height: 777,
      maximized: true,
    });
  });

  it("has an application menu whose own items send their command to the window's page", () => {
    const labels = state.menu?.template.map((m) => m.label ?? m.role);
    expect(labels).toEqual(['&File', '&Edit', '&View', '&Go', 'windowMenu', 'help']);
    const go = state.menu?.template.find((m) => m.label === '&Go')?.submenu ?? [];
    const datasets = go.find((i) => i.accelerator === 'CmdOrCtrl+2');
    expect(datasets?.label).toBe('Datasets');
    const before = win().sent.length;
    (datasets?.click as () => void)();
    expect(win().sent.slice(before)).toEqual([
      ['bplab:event', { event: 'app/command', payload: { command: 'go.data' } }],
    ]);
  });

  it('lists a file opened in File › Open Recent, opens it from there in the page, and clears the list', async () => {
    const recentMenu = () =>
      state.menu?.template.find((m) => m.label === '&File')?.submenu?.find((i) => i.id === 'file.recent')
        ?.submenu as Array<Record<string, unknown>> | undefined;
    expect(recentMenu()?.[0]).toMatchObject({ label: 'No Recent Files', enabled: false });
    const file = join(home, 'menu-recent.bplab.json');
    saveExperimentFile(file, experiment(1));
    const invoke = state.ipc['bplab:invoke'];
    const opened = (await invoke?.({ senderFrame: { parent: null, url: pageUrl() } }, 'experiments/open', {
      file,
    })) as { ok: boolean };
    expect(opened.ok).toBe(true);
    // The menu was built again with the file in it.
    const entry = recentMenu()?.[0];
    expect(entry?.label).toBe('menu-recent.bplab.json');
    const before = win().sent.length;
    (entry?.click as () => void)();
    expect(win().sent.slice(before)).toEqual([
      ['bplab:event', { event: 'app/command', payload: { command: 'file.openRecent', file } }],
    ]);
    ((recentMenu() ?? []).find((i) => i.id === 'recent.clear')?.click as () => void)();
    expect(recentMenu()?.[0]).toMatchObject({ label: 'No Recent Files', enabled: false });
  });

  it('holds the quit until shutdown is done, then quits', async () => {
    let held = false;
    state.appEvents['before-quit']?.({ preventDefault: () => (held = true) });
    expect(held).toBe(true);
    await vi.waitFor(() => expect(state.quits).toBe(1));
    held = false;
    state.appEvents['before-quit']?.({ preventDefault: () => (held = true) });
    expect(held).toBe(false);
  });
});
