/**
 * Electron's main process wiring, run under Node with a stand-in for the `electron` module (Electron's
 * binary cannot be downloaded here). Behind it is the real createApp: app/info really answers.
 * What is checked: the window's hardening, the IPC sender check, navigation and request blocking,
 * the CSP header, and that quitting waits for app.shutdown().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/main/transport/csp';

type Handler = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  const state = {
    appEvents: {} as Record<string, Handler>,
    ipc: {} as Record<string, Handler>,
    windows: [] as Array<{
      options: { webPreferences: Record<string, unknown> };
      file?: string;
      contentsEvents: Record<string, Handler>;
      openHandler?: Handler;
      sent: unknown[][];
    }>,
    session: {} as Record<string, Handler>,
    quits: 0,
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
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      state.windows.push(this);
    }
    once() {}
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
  }
  const module = {
    app: {
      requestSingleInstanceLock: () => true,
      on: (event: string, handler: Handler) => void (state.appEvents[event] = handler),
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.0.0-electron-test',
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
  };
  return { state, module };
});

vi.mock('electron', () => electron.module);

const { state } = electron;
let home: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'bplab-electron-'));
  process.env.BPLAB_HOME = home;
  await import('../../src/main/electron/main');
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
