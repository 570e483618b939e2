/**
 * The Electron-side pieces that do not need Electron's binary (which cannot be downloaded here):
 * the preload's bridge object, the page/request policy, and the safeStorage cipher wrapper.
 * The bridge is driven through a recording ipcRenderer stand-in: it is the unit's own collaborator, not a database.
 */
import { describe, expect, it } from 'vitest';
import { REQUEST_NAMES, type EventName } from '../../../src/shared/contract';
import { createBridgeApi, createFileDialogBridge, type BridgeIpc } from '../../../src/main/electron/bridge';
import { EVENT_CHANNEL, FILE_DIALOG_CHANNEL, INVOKE_CHANNEL } from '../../../src/main/electron/channels';
import { isAllowedRequest, isAppPage } from '../../../src/main/electron/policy';
import { safeStorageCipher, type SafeStorageLike } from '../../../src/main/electron/safe-storage-cipher';

type Listener = (event: unknown, ...args: unknown[]) => void;

function recordingIpc() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: BridgeIpc = {
    invoke: async (channel, ...args) => {
      invoked.push([channel, ...args]);
      return { ok: true, value: 'from main' };
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, envelope: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({}, envelope);
  };
  return { ipc, invoked, listeners, emit };
}

describe('preload bridge', () => {
  it('exposes exactly invoke and on', () => {
    const api = createBridgeApi(recordingIpc().ipc);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards every contract request on the one invoke channel', async () => {
    const { ipc, invoked } = recordingIpc();
    const api = createBridgeApi(ipc);
    for (const name of REQUEST_NAMES) await api.invoke(name, {} as never);
    expect(invoked).toEqual(REQUEST_NAMES.map((name) => [INVOKE_CHANNEL, name, {}]));
  });

  it('refuses a name outside the contract without reaching main', async () => {
    const { ipc, invoked } = recordingIpc();
    const api = createBridgeApi(ipc);
    for (const name of ['fs/read', '__proto__', 'constructor', '', 42]) {
      const result = await api.invoke(name as 'app/info', {});
      expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
    }
    expect(invoked).toEqual([]);
  });

  it('delivers only the subscribed event, and unsubscribes', () => {
    const { ipc, listeners, emit } = recordingIpc();
    const api = createBridgeApi(ipc);
    const got: unknown[] = [];
    const stop = api.on('task/progress', (p) => got.push(p));
    emit(EVENT_CHANNEL, { event: 'sandboxes/changed', payload: 'not this' });
    emit(EVENT_CHANNEL, { event: 'task/progress', payload: 'this' });
    emit(EVENT_CHANNEL, null);
    stop();
    emit(EVENT_CHANNEL, { event: 'task/progress', payload: 'after' });
    expect(got).toEqual(['this']);
    expect(listeners.get(EVENT_CHANNEL)?.size).toBe(0);
  });

  it('refuses to subscribe to an event outside the contract', () => {
    const api = createBridgeApi(recordingIpc().ipc);
    expect(() => api.on('ipc/raw' as EventName, () => {})).toThrow(/no event named "ipc\/raw"/);
  });
});

describe('window policy', () => {
  const index = 'file:///opt/bplab/dist/renderer/index.html';

  it('treats only the app page itself as home', () => {
    expect(isAppPage(index, index)).toBe(true);
    expect(isAppPage(index + '#/sandboxes', index)).toBe(true);
    expect(isAppPage('file:///opt/bplab/dist/renderer/other.html', index)).toBe(false);
    expect(isAppPage('file:///etc/passwd', index)).toBe(false);
    expect(isAppPage('https://example.com/', index)).toBe(false);
    expect(isAppPage('not a url', index)).toBe(false);
  });

  it('lets the session load only the app folder', () => {
    const dir = 'file:///opt/bplab/dist/renderer';
    expect(isAllowedRequest('file:///opt/bplab/dist/renderer/assets/index.js', dir)).toBe(true);
    expect(isAllowedRequest('file:///opt/bplab/dist/rendererx/evil.js', dir)).toBe(false);
    expect(isAllowedRequest('file:///home/me/.ssh/id_rsa', dir)).toBe(false);
    expect(isAllowedRequest('https://cdn.example.com/x.js', dir)).toBe(false);
    expect(isAllowedRequest('ws://127.0.0.1:4000/ws', dir)).toBe(false);
    expect(isAllowedRequest('devtools://devtools/bundled/inspector.html', dir)).toBe(true);
  });
});

describe('safeStorage cipher', () => {
  function storage(available: boolean, backend?: string): SafeStorageLike {
    return {
      isEncryptionAvailable: () => available,
      encryptString: (s: string) => Buffer.from([...s].reverse().join('')),
      decryptString: (b: Buffer) => [...b.toString()].reverse().join(''),
      ...(backend
        ? {
            getSelectedStorageBackend: () =>
              backend as ReturnType<NonNullable<SafeStorageLike['getSelectedStorageBackend']>>,
          }
        : {}),
    };
  }

  it('round-trips through safeStorage when a real keychain backs it', () => {
    const cipher = safeStorageCipher(storage(true, 'gnome_libsecret'), 'linux');
    expect(cipher.isAvailable()).toBe(true);
    expect(cipher.decrypt(cipher.encrypt('pw'))).toBe('pw');
    expect(cipher.encrypt('pw').toString()).not.toBe('pw');
  });

  it("does not count Linux's basic_text fallback as encryption", () => {
    const cipher = safeStorageCipher(storage(true, 'basic_text'), 'linux');
    expect(cipher.isAvailable()).toBe(false);
    expect(() => cipher.encrypt('pw')).toThrow(/keychain/);
    expect(safeStorageCipher(storage(true), 'darwin').isAvailable()).toBe(true);
    expect(safeStorageCipher(storage(false), 'darwin').isAvailable()).toBe(false);
  });
});

describe('file dialog bridge', () => {
  it('sends only the kind of dialog and a suggested name, and answers a path or null', async () => {
    const invoked: unknown[][] = [];
    const answers: unknown[] = ['/home/me/a.bplab.json', '', { ok: true }];
    const dialogs = createFileDialogBridge({
      invoke: async (...args) => {
        invoked.push(args);
        return answers.shift();
      },
    });
    expect(Object.keys(dialogs).sort()).toEqual(['pathOf', 'pickOpen', 'pickOpenMany', 'pickSave']);
    expect(await dialogs.pickOpen()).toBe('/home/me/a.bplab.json');
    expect(await dialogs.pickSave('x.bplab.json')).toBeNull();
    expect(await dialogs.pickSave('y'.repeat(500))).toBeNull();
    expect(invoked).toEqual([
      [FILE_DIALOG_CHANNEL, 'open', ''],
      [FILE_DIALOG_CHANNEL, 'save', 'x.bplab.json'],
      [FILE_DIALOG_CHANNEL, 'save', 'y'.repeat(200)],
    ]);
  });

  it('asks main for several files at once and keeps only the paths it answers', async () => {
    const invoked: unknown[][] = [];
    const answers: unknown[] = [['/a.bplab.json', '', 7, '/b.json'], null];
    const dialogs = createFileDialogBridge({
      invoke: async (...args) => {
        invoked.push(args);
        return answers.shift();
      },
    });
    expect(await dialogs.pickOpenMany()).toEqual(['/a.bplab.json', '/b.json']);
    expect(await dialogs.pickOpenMany()).toEqual([]);
    expect(invoked).toEqual([
      [FILE_DIALOG_CHANNEL, 'open-many', ''],
      [FILE_DIALOG_CHANNEL, 'open-many', ''],
    ]);
  });

  it("reads a dropped file's path in the preload: none when it has no path or the reader throws", () => {
    const paths = new Map<object, string>();
    const onDisk = {};
    paths.set(onDisk, '/home/me/run.bplab.json');
    const dialogs = createFileDialogBridge({ invoke: async () => null }, (file) => {
      if (!('x' in file) && !paths.has(file)) return '';
      if ('x' in file) throw new Error('not a File');
      return paths.get(file)!;
    });
    expect(dialogs.pathOf(onDisk)).toBe('/home/me/run.bplab.json');
    expect(dialogs.pathOf({})).toBeNull();
    expect(dialogs.pathOf({ x: 1 })).toBeNull();
  });
});
