/**
 * Electron's main process: one hardened window on the app's own files, the IPC half of the contract,
 * and orderly shutdown. Everything else is in createApp (src/main/app.ts), shared with `bplab serve`.
 */
import {
  BrowserWindow,
  Menu,
  app as electronApp,
  dialog,
  ipcMain,
  safeStorage,
  screen,
  session,
  shell,
  type IpcMainInvokeEvent,
} from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { EventEnvelope } from '../../shared/contract';
import { opensAsExperiment, type RecentFile } from '../../shared/experiments/experiment-file';
import { err } from '../../shared/result';
import type { LiveRunSample } from '../../shared/runs/lru-map-codec';
import { createApp, type App } from '../app';
import { EncryptedFileSecretStore } from '../profiles/secrets';
import { CONTENT_SECURITY_POLICY } from '../transport/csp';
import { LatestFrameGate, WINDOW_FRAME_MS } from '../transport/latest-frame';
import { EVENT_CHANNEL, FILE_DIALOG_CHANNEL, INVOKE_CHANNEL } from './channels';
import { menuTemplate, type MenuActions } from './menu';
import { isAllowedRequest, isAppPage } from './policy';
import { safeStorageCipher } from './safe-storage-cipher';
import { placeWindow, readWindowState, WINDOW_STATE_FILE, writeWindowState } from './window-state';

const rendererDir = join(__dirname, '..', 'renderer');
const indexFile = join(rendererDir, 'index.html');
const indexUrl = pathToFileURL(indexFile).href;
const log = (line: string) => process.stderr.write(`bplab: ${line}\n`);

if (!electronApp.requestSingleInstanceLock()) {
  // One bplab per data folder: a second launch focuses the first window instead.
  electronApp.quit();
} else {
  electronApp.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  electronApp
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      log(`could not start: ${message}`);
      dialog.showErrorBox('bplab could not start', message);
      electronApp.exit(1);
    });
}

async function start(): Promise<void> {
  hardenSession();
  const dataDir = process.env.BPLAB_HOME || electronApp.getPath('userData');
  const app = await createApp({
    dataDir,
    transport: 'electron',
    version: electronApp.getVersion(),
    command: 'bplab (desktop app)',
    log,
    // Remembered passwords: encrypted by the OS keychain, or kept in memory when there is none.
    secrets: new EncryptedFileSecretStore(dataDir, safeStorageCipher(safeStorage)),
  });
  ipcMain.handle(INVOKE_CHANNEL, (e: IpcMainInvokeEvent, name: unknown, args: unknown) => {
    if (!fromAppPage(e)) return err('UNAUTHORIZED', 'bplab only answers its own page');
    return app.dispatch(String(name), args);
  });
  ipcMain.handle(FILE_DIALOG_CHANNEL, (e: IpcMainInvokeEvent, kind: unknown, suggested: unknown) => {
    if (!fromAppPage(e)) return null;
    const win = BrowserWindow.fromWebContents(e.sender);
    if (kind === 'open-many') return pickFiles(win);
    return pickFile(win, kind === 'save' ? 'save' : 'open', suggested);
  });
  // Live samples: at most one frame per run per WINDOW_FRAME_MS to each window, the latest one.
  const gates = new WeakMap<BrowserWindow, { gate: LatestFrameGate<EventEnvelope>; sentAt: number }>();
  const gateOf = (win: BrowserWindow) => {
    let entry = gates.get(win);
    if (!entry) {
      const e: { gate: LatestFrameGate<EventEnvelope>; sentAt: number } = {
        sentAt: 0,
        gate: new LatestFrameGate<EventEnvelope>(
          () => performance.now() - e.sentAt < WINDOW_FRAME_MS,
          (envelope): void => {
            if (win.isDestroyed()) return e.gate.close();
            e.sentAt = performance.now();
            win.webContents.send(EVENT_CHANNEL, envelope);
          },
        ),
      };
      gates.set(win, e);
      entry = e;
    }
    return entry.gate;
  };
  const setMenu = applicationMenu(app, dataDir);
  app.events.subscribe((event, payload) => {
    if (event === 'experiments/recent-changed')
      setMenu((payload as RecentFile[]).filter((r) => opensAsExperiment(r.file)));
    for (const win of BrowserWindow.getAllWindows()) {
      if (win.isDestroyed()) continue;
      if (event === 'runs/sample') gateOf(win).offer((payload as LiveRunSample).runId, { event, payload });
      else win.webContents.send(EVENT_CHANNEL, { event, payload });
    }
  });
  shutDownOnQuit(app);
  electronApp.on('window-all-closed', () => electronApp.quit());
  setMenu(app.experiments.recentFiles().filter((r) => opensAsExperiment(r.file)));
  openWindow(join(dataDir, WINDOW_STATE_FILE));
}

/** Sets the application menu; called again with the recent files whenever they change (File › Open Recent). */
function applicationMenu(app: App, dataDir: string): (recent: RecentFile[]) => void {
  const actions: MenuActions = {
    send: (command, file) => {
      const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const payload = file === undefined ? { command } : { command, file };
      win?.webContents.send(EVENT_CHANNEL, { event: 'app/command', payload });
    },
    clearRecent: () => app.experiments.clearRecentFiles(),
    openDataFolder: () => {
      void shell.openPath(dataDir).then((problem) => {
        if (problem) dialog.showErrorBox('bplab could not open its data folder', `${dataDir}: ${problem}`);
      });
    },
  };
  return (recent) =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate(process.platform, electronApp.name, actions, recent)),
    );
}

/** The window, where it was last time (see window-state.ts), saving its place when it closes. */
function openWindow(stateFile: string): BrowserWindow {
  const sizes = { width: 1320, height: 880, minWidth: 900, minHeight: 600 };
  const primary = screen.getPrimaryDisplay();
  const workAreas = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map(
    (d) => d.workArea,
  );
  const place = placeWindow(readWindowState(stateFile), workAreas, sizes);
  const win = new BrowserWindow({
    ...(place.x !== undefined && place.y !== undefined ? { x: place.x, y: place.y } : { center: true }),
    width: place.width,
    height: place.height,
    minWidth: sizes.minWidth,
    minHeight: sizes.minHeight,
    title: 'bplab',
    show: false,
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  const contents = win.webContents;
  const stayHome = (e: { preventDefault(): void }, url: string) => {
    if (!isAppPage(url, indexUrl)) e.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.once('ready-to-show', () => {
    if (place.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    try {
      writeWindowState(stateFile, { ...win.getNormalBounds(), maximized: win.isMaximized() });
    } catch (e) {
      log(`could not save the window's place: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  void win.loadFile(indexFile);
  return win;
}

const EXPERIMENT_FILTERS = [
  { name: 'bplab experiments', extensions: ['bplab.json', 'json'] },
  { name: 'All files', extensions: ['*'] },
];

/** The OS dialog for an experiment file: the path chosen, or null when it was dismissed. */
async function pickFile(
  win: BrowserWindow | null,
  kind: 'open' | 'save',
  suggested: unknown,
): Promise<string | null> {
  const filters = EXPERIMENT_FILTERS;
  if (kind === 'open') {
    const options = { properties: ['openFile' as const], filters };
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  }
  const options = { defaultPath: typeof suggested === 'string' ? suggested : '', filters };
  const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
  return r.canceled ? null : (r.filePath ?? null);
}

/** The OS dialog for several results files (the comparison): the paths chosen, none when dismissed. */
async function pickFiles(win: BrowserWindow | null): Promise<string[]> {
  const options = {
    properties: ['openFile' as const, 'multiSelections' as const],
    filters: EXPERIMENT_FILTERS,
  };
  const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return r.canceled ? [] : r.filePaths;
}

/** Only the top frame of our own page may call main. */
function fromAppPage(e: IpcMainInvokeEvent): boolean {
  const frame = e.senderFrame;
  return !!frame && frame.parent === null && isAppPage(frame.url, indexUrl);
}

function hardenSession(): void {
  const ses = session.defaultSession;
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRequest(details.url, pathToFileURL(rendererDir).href) }),
  );
  ses.webRequest.onHeadersReceived((details, callback) =>
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    }),
  );
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** Holds the quit until sandboxes not marked keepRunning are stopped. */
function shutDownOnQuit(app: App): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  electronApp.on('before-quit', (e) => {
    if (state === 'stopped') return;
    e.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    app
      .shutdown()
      .catch((error: unknown) => log(`shutdown: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        state = 'stopped';
        electronApp.quit();
      });
  });
}
