/**
 * The object the preload exposes as window.bplab: exactly the contract (invoke + on), checked
 * against REQUEST_NAMES and EVENT_NAMES, and nothing of ipcRenderer itself. Kept free of the
 * `electron` import so it can be tested under Node.
 */
import {
  EVENT_NAMES,
  REQUEST_NAMES,
  type BplabApi,
  type EventEnvelope,
  type FileDialogs,
} from '../../shared/contract';
import { err } from '../../shared/result';
import { EVENT_CHANNEL, FILE_DIALOG_CHANNEL, INVOKE_CHANNEL } from './channels';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createBridgeApi(ipc: BridgeIpc): BplabApi {
  const requests = new Set<string>(REQUEST_NAMES);
  const events = new Set<string>(EVENT_NAMES);
  const invoke = (name: unknown, args: unknown): Promise<unknown> => {
    if (typeof name !== 'string' || !requests.has(name))
      return Promise.resolve(err('UNKNOWN_REQUEST', `There is no request named "${String(name)}".`));
    return ipc.invoke(INVOKE_CHANNEL, name, args);
  };
  const api: BplabApi = {
    invoke: invoke as BplabApi['invoke'],
    on: (event, listener) => {
      if (typeof event !== 'string' || !events.has(event))
        throw new Error(`bplab: there is no event named "${String(event)}"`);
      if (typeof listener !== 'function') throw new Error('bplab: on() needs a listener function');
      const forward = (_e: unknown, envelope: unknown) => {
        const { event: name, payload } = (envelope ?? {}) as Partial<EventEnvelope>;
        if (name === event) listener(payload as Parameters<typeof listener>[0]);
      };
      ipc.on(EVENT_CHANNEL, forward);
      return () => void ipc.removeListener(EVENT_CHANNEL, forward);
    },
  };
  return api;
}

/**
 * Only the kind of dialog and a suggested name cross to main; main answers with a path (or paths) or
 * null. A dropped file's path is read in the preload (`pathForFile`: Electron's webUtils.getPathForFile,
 * since File.path is gone), never by main.
 */
export function createFileDialogBridge(
  ipc: Pick<BridgeIpc, 'invoke'>,
  pathForFile: (file: object) => string = () => '',
): FileDialogs {
  const pick = async (kind: 'open' | 'save', suggested: string): Promise<string | null> => {
    const path = await ipc.invoke(FILE_DIALOG_CHANNEL, kind, suggested);
    return typeof path === 'string' && path.length > 0 ? path : null;
  };
  return {
    pickOpen: () => pick('open', ''),
    pickOpenMany: async () => {
      const paths = await ipc.invoke(FILE_DIALOG_CHANNEL, 'open-many', '');
      return Array.isArray(paths)
        ? paths.filter((p): p is string => typeof p === 'string' && p.length > 0)
        : [];
    },
    pickSave: (suggested) => pick('save', String(suggested).slice(0, 200)),
    pathOf: (file) => {
      try {
        return pathForFile(file) || null;
      } catch {
        return null;
      }
    },
  };
}
