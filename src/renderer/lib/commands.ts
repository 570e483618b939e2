/**
 * The page's end of the app's commands (src/shared/app/commands.ts). A screen registers what a command
 * does while it is shown (`onCommand('file.save', save)`); the newest registration answers, so the
 * screen in front wins over the shell's default. Commands arrive from the desktop app's menu as the
 * 'app/command' event, and in browser mode (no menu) from the same shortcuts on the keyboard.
 */
import { commandForKey, isCommandId, type CommandId, type KeyPress } from '../../shared/app/commands';
import { onEvent } from './api';

/** What a command may come with: the file it is about (File › Open Recent › a file). */
export interface CommandArgs {
  file?: string;
}

type Handler = (args: CommandArgs) => void;

const handlers = new Map<CommandId, Handler[]>();

/** What `command` does until the returned function is called (a screen's effect cleanup). */
export function onCommand(command: CommandId, handler: Handler): () => void {
  const list = handlers.get(command) ?? [];
  list.push(handler);
  handlers.set(command, list);
  return () => {
    const now = handlers.get(command) ?? [];
    const i = now.lastIndexOf(handler);
    if (i >= 0) now.splice(i, 1);
  };
}

/** Runs a command's newest handler; false when nothing handles it now. */
export function runCommand(command: CommandId, args: CommandArgs = {}): boolean {
  const list = handlers.get(command);
  const handler = list?.[list.length - 1];
  if (!handler) return false;
  handler(args);
  return true;
}

/** The command a keydown is the shortcut of, already run; null when it is none (the key goes on as usual). */
export function handleShortcut(press: KeyPress & { preventDefault(): void }, mac: boolean): CommandId | null {
  const command = commandForKey(press, mac);
  if (!command || !handlers.get(command)?.length) return null;
  press.preventDefault();
  runCommand(command);
  return command;
}

/** Where key presses come from: the page's window. */
export interface KeySource {
  addEventListener(type: 'keydown', listener: (e: KeyPress & { preventDefault(): void }) => void): void;
  removeEventListener(type: 'keydown', listener: (e: KeyPress & { preventDefault(): void }) => void): void;
}

/**
 * Listens for commands: the menu's events, and, when given `keys` (browser mode: the desktop app's
 * menu already owns its accelerators), the shortcuts. Returns the unsubscribe.
 */
export function followCommands(opts: { keys: KeySource | null; mac: boolean }): () => void {
  const stopMenu = onEvent('app/command', ({ command, file }) => {
    if (isCommandId(command)) runCommand(command, typeof file === 'string' ? { file } : {});
  });
  const { keys, mac } = opts;
  if (!keys) return stopMenu;
  const onKey = (e: KeyPress & { preventDefault(): void }) => void handleShortcut(e, mac);
  keys.addEventListener('keydown', onKey);
  return () => {
    stopMenu();
    keys.removeEventListener('keydown', onKey);
  };
}
