/**
 * The app's commands: what the desktop app's menu offers and the page's keyboard shortcuts reach,
 * named once. The menu (src/main/electron/menu.ts) sends a command to the page as the 'app/command'
 * event; in browser mode, where there is no menu, the page reads the same shortcuts from the keyboard
 * (src/renderer/lib/commands.ts). The steps of the work are here too: the navigation groups its
 * screens by them and the Go menu follows them.
 */

/** The steps of the work, in order: the navigation's groups and the Go menu (Ctrl/Cmd+1..5). */
export const WORK_STEPS = [
  { id: 'servers', title: 'Servers', menuLabel: 'Servers and Sandboxes' },
  { id: 'data', title: 'Data', menuLabel: 'Datasets' },
  { id: 'runs', title: 'Queries and runs', menuLabel: 'Queries and Runs' },
  { id: 'experiments', title: 'Experiments', menuLabel: 'Experiments' },
  { id: 'results', title: 'Results', menuLabel: 'Comparison and Reports' },
] as const;

export type WorkStep = (typeof WORK_STEPS)[number]['id'];

export interface CommandSpec {
  /** The menu item's label (… when it asks for more before acting). */
  label: string;
  /** Electron's accelerator syntax: CmdOrCtrl, Shift, Alt, then one letter or digit. */
  accelerator: string;
}

const goCommands = Object.fromEntries(
  WORK_STEPS.map((step, i) => [
    `go.${step.id}`,
    { label: step.menuLabel, accelerator: `CmdOrCtrl+${i + 1}` },
  ]),
) as Record<`go.${WorkStep}`, CommandSpec>;

export const COMMANDS = {
  'file.new': { label: 'New Experiment', accelerator: 'CmdOrCtrl+N' },
  'file.open': { label: 'Open…', accelerator: 'CmdOrCtrl+O' },
  /** With a file (File › Open Recent › a file): opens it; without: shows the recent files on the Experiments screen. */
  'file.openRecent': { label: 'All Recent Files…', accelerator: 'CmdOrCtrl+Shift+O' },
  'file.save': { label: 'Save', accelerator: 'CmdOrCtrl+S' },
  'file.saveAs': { label: 'Save As…', accelerator: 'CmdOrCtrl+Shift+S' },
  'file.exportReport': { label: 'Export Report…', accelerator: 'CmdOrCtrl+E' },
  ...goCommands,
} satisfies Record<string, CommandSpec>;

export type CommandId = keyof typeof COMMANDS;
export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && Object.hasOwn(COMMANDS, value);
}

/** What a keydown says, as far as shortcuts go (a KeyboardEvent fits). */
export interface KeyPress {
  /** The physical key: 'KeyS', 'Digit1'. */
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Whether a key press is the accelerator: CmdOrCtrl is Cmd on macOS and Ctrl elsewhere, and every
 * modifier must be exactly as written (Ctrl+Shift+S is not Ctrl+S).
 */
export function acceleratorMatches(accelerator: string, press: KeyPress, mac: boolean): boolean {
  const parts = accelerator.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts);
  const command = mods.has('CmdOrCtrl');
  if ((mac ? press.metaKey : press.ctrlKey) !== command) return false;
  if ((mac ? press.ctrlKey : press.metaKey) !== false) return false;
  if (press.shiftKey !== mods.has('Shift') || press.altKey !== mods.has('Alt')) return false;
  const code = /^\d$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`;
  return press.code === code;
}

/** The command a key press is the shortcut of, or null. */
export function commandForKey(press: KeyPress, mac: boolean): CommandId | null {
  return COMMAND_IDS.find((id) => acceleratorMatches(COMMANDS[id].accelerator, press, mac)) ?? null;
}
