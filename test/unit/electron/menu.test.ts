/** The application menu: platform conventions, the usual shortcuts, and one command per item of the app's own. */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from '../../../src/main/electron/menu';
import type { CommandId } from '../../../src/shared/commands';

function build(platform: NodeJS.Platform) {
  const sent: CommandId[] = [];
  let folders = 0;
  const template = menuTemplate(platform, 'bplab', {
    send: (c) => sent.push(c),
    openDataFolder: () => void (folders += 1),
  });
  return { template, sent, folders: () => folders };
}

const items = (menu: MenuItemConstructorOptions | undefined) =>
  (menu?.submenu as MenuItemConstructorOptions[] | undefined) ?? [];
const named = (template: MenuItemConstructorOptions[], label: string) =>
  template.find((m) => m.label === label || m.role === label);

describe('application menu', () => {
  it('has File, Edit, View, Go, Window and Help on Linux and Windows, with Quit in File and About in Help', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const { template } = build(platform);
      expect(template.map((m) => m.label ?? m.role)).toEqual([
        '&File',
        '&Edit',
        '&View',
        '&Go',
        'windowMenu',
        'help',
      ]);
      expect(items(named(template, '&File')).at(-1)?.role).toBe('quit');
      expect(items(named(template, 'help')).map((i) => i.role ?? i.label)).toContain('about');
    }
  });

  it('puts About and Quit in the application menu on macOS, and not in File or Help', () => {
    const { template } = build('darwin');
    expect(template[0]?.label).toBe('bplab');
    expect(items(template[0]).map((i) => i.role)).toEqual(expect.arrayContaining(['about', 'hide', 'quit']));
    expect(items(named(template, '&File')).some((i) => i.role === 'quit')).toBe(false);
    expect(items(named(template, 'help')).some((i) => i.role === 'about')).toBe(false);
  });

  it('offers the file commands with CmdOrCtrl shortcuts, each sending its command', () => {
    const { template, sent } = build('linux');
    const file = items(named(template, '&File')).filter((i) => i.id);
    expect(file.map((i) => [i.label, i.accelerator])).toEqual([
      ['New Experiment', 'CmdOrCtrl+N'],
      ['Open…', 'CmdOrCtrl+O'],
      ['Open Recent…', 'CmdOrCtrl+Shift+O'],
      ['Save', 'CmdOrCtrl+S'],
      ['Save As…', 'CmdOrCtrl+Shift+S'],
      ['Export Report…', 'CmdOrCtrl+E'],
    ]);
    for (const i of file) (i.click as () => void)();
    expect(sent).toEqual([
      'file.new',
      'file.open',
      'file.openRecent',
      'file.save',
      'file.saveAs',
      'file.exportReport',
    ]);
  });

  it('goes through the steps of the work in order with CmdOrCtrl+1..5', () => {
    const { template, sent } = build('linux');
    const go = items(named(template, '&Go'));
    expect(go.map((i) => [i.label, i.accelerator])).toEqual([
      ['Servers and Sandboxes', 'CmdOrCtrl+1'],
      ['Datasets', 'CmdOrCtrl+2'],
      ['Queries and Runs', 'CmdOrCtrl+3'],
      ['Experiments', 'CmdOrCtrl+4'],
      ['Comparison and Reports', 'CmdOrCtrl+5'],
    ]);
    (go[1]?.click as () => void)();
    expect(sent).toEqual(['go.data']);
  });

  it('has the standard Edit and View roles, and opens the data folder from Help', () => {
    const { template, folders } = build('linux');
    expect(
      items(named(template, '&Edit'))
        .map((i) => i.role)
        .filter(Boolean),
    ).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']));
    expect(
      items(named(template, '&View'))
        .map((i) => i.role)
        .filter(Boolean),
    ).toEqual(
      expect.arrayContaining([
        'reload',
        'toggleDevTools',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
      ]),
    );
    const open = items(named(template, 'help')).find((i) => i.id === 'help.openDataFolder');
    (open?.click as () => void)();
    expect(folders()).toBe(1);
  });
});
