/**
 * The desktop app's menu, as a template (plain data, unit-tested under Node; main.ts hands it to
 * Menu.buildFromTemplate, and builds it again when the recent files change). The app's own items send
 * a command to the focused page (the 'app/command' event: see src/shared/app/commands.ts); the rest are
 * Electron's roles. macOS gets its application menu (About, Hide, Quit) and keeps Quit out of File;
 * elsewhere About is under Help. File › Open Recent lists the recent files (experiments/recent).
 */
import type { MenuItemConstructorOptions } from 'electron';
import { dirname } from 'node:path';
import { COMMANDS, WORK_STEPS, type CommandId } from '../../shared/app/commands';
import type { RecentFile } from '../../shared/experiments/experiment-file';

export interface MenuActions {
  /** Sends a command to the focused window's page (with the file it is about, for a recent file). */
  send(command: CommandId, file?: string): void;
  /** Empties the recent files list. */
  clearRecent(): void;
  /** Shows bplab's data folder in the OS file manager. */
  openDataFolder(): void;
}

/** A menu label shows `&` as the mnemonic's mark on Windows and Linux; `&&` is a plain one. */
const plain = (text: string) => text.replace(/&/g, '&&');

/**
 * File › Open Recent: each recent file by its name (its folder too when two share a name), a file gone
 * since marked missing and not clickable, then the recent list on the Experiments screen and Clear.
 */
export function recentSubmenu(
  recent: readonly RecentFile[],
  actions: Pick<MenuActions, 'send' | 'clearRecent'>,
): MenuItemConstructorOptions[] {
  const names = new Map<string, number>();
  for (const r of recent) names.set(r.name, (names.get(r.name) ?? 0) + 1);
  const files: MenuItemConstructorOptions[] =
    recent.length === 0
      ? [{ id: 'recent.none', label: 'No Recent Files', enabled: false }]
      : recent.map((r, i) => {
          const shared = (names.get(r.name) ?? 0) > 1;
          const label = `${r.name}${shared ? ` — ${dirname(r.file)}` : ''}${r.exists ? '' : ' (missing)'}`;
          return {
            id: `recent.${i}`,
            label: plain(label),
            enabled: r.exists,
            click: () => actions.send('file.openRecent', r.file),
          };
        });
  return [
    ...files,
    { type: 'separator' },
    {
      id: 'file.openRecent',
      label: COMMANDS['file.openRecent'].label,
      accelerator: COMMANDS['file.openRecent'].accelerator,
      click: () => actions.send('file.openRecent'),
    },
    {
      id: 'recent.clear',
      label: 'Clear Recent',
      enabled: recent.length > 0,
      click: () => actions.clearRecent(),
    },
  ];
}

export function menuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
  recent: readonly RecentFile[] = [],
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
      { id: 'file.recent', label: 'Open &Recent', submenu: recentSubmenu(recent, actions) },
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
