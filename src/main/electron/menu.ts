/**
 * The desktop app's menu, as a template (plain data, unit-tested under Node; main.ts hands it to
 * Menu.buildFromTemplate). The app's own items send a command to the focused page (the
 * 'app/command' event: see src/shared/commands.ts); the rest are Electron's roles. macOS gets its
 * application menu (About, Hide, Quit) and keeps Quit out of File; elsewhere About is under Help.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { COMMANDS, WORK_STEPS, type CommandId } from '../../shared/commands';

export interface MenuActions {
  /** Sends a command to the focused window's page. */
  send(command: CommandId): void;
  /** Shows bplab's data folder in the OS file manager. */
  openDataFolder(): void;
}

export function menuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const item = (command: CommandId): MenuItemConstructorOptions => ({
    id: command,
    label: COMMANDS[command].label,
    accelerator: COMMANDS[command].accelerator,
    click: () => actions.send(command),
  });
  const separator: MenuItemConstructorOptions = { type: 'separator' };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      item('file.new'),
      item('file.open'),
      item('file.openRecent'),
      separator,
      item('file.save'),
      item('file.saveAs'),
      separator,
      item('file.exportReport'),
      ...(mac ? [] : [separator, { role: 'quit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      { role: 'toggleDevTools' },
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const go: MenuItemConstructorOptions = {
    label: '&Go',
    submenu: WORK_STEPS.map((step) => item(`go.${step.id}`)),
  };
  const window: MenuItemConstructorOptions = {
    role: 'windowMenu',
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      ...(mac ? [] : [{ role: 'about' } as const, separator]),
      { id: 'help.openDataFolder', label: 'Open Data Folder', click: () => actions.openDataFolder() },
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, go, window, help];
}
