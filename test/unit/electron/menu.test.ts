/** The application menu: platform conventions, the usual shortcuts, and one command per item of the app's own. */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from '../../../src/main/electron/menu';
import type { CommandId } from '../../../src/shared/app/commands';
import type { RecentFile } from '../../../src/shared/experiments/experiment-file';

function build(platform: NodeJS.Platform, recent: RecentFile[] = []) {
  const sent: CommandId[] = [];
  const files: Array<string | undefined> = [];
  let folders = 0;
  let cleared = 0;
  const template = menuTemplate(
    platform,
    'bplab',
    {
      send: (c, file) => {
        sent.push(c);
        files.push(file);
      },
      clearRecent: () => void (cleared += 1),
      openDataFolder: () => void (folders += 1),
    },
    recent,
  );
  return { template, sent, files, folders: () => folders, cleared: () => cleared };
}

const recentFile = (file: string, exists = true): RecentFile => ({
  file,
  name: file.split('/').pop() ?? file,
  usedAt: '2026-11-23T12:00:00.000Z',
  exists,
});

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
      ['Open &Recent', undefined],
      ['Save', 'CmdOrCtrl+S'],
      ['Save As…', 'CmdOrCtrl+Shift+S'],
      ['Export Report…', 'CmdOrCtrl+E'],
    ]);
    for (const i of file.filter((f) => f.click)) (i.click as () => void)();
    expect(sent).toEqual(['file.new', 'file.open', 'file.save', 'file.saveAs', 'file.exportReport']);
  });

  describe('Open Recent', () => {
    const submenu = (recent: RecentFile[]) => {
      const built = build('linux', recent);
      const open = items(named(built.template, '&File')).find((i) => i.id === 'file.recent');
      return { ...built, entries: items(open) };
    };

    it('lists the recent files by name, newest first, each opening its file in the page', () => {
      const { entries, sent, files } = submenu([
        recentFile('/home/me/post001.bplab.json'),
        recentFile('/home/me/old-blocks.bplab.json'),
      ]);
      expect(entries.map((e) => e.label ?? e.type)).toEqual([
        'post001.bplab.json',
        'old-blocks.bplab.json',
        'separator',
        'All Recent Files…',
        'Clear Recent',
      ]);
      (entries[1]?.click as () => void)();
      expect(sent).toEqual(['file.openRecent']);
      expect(files).toEqual(['/home/me/old-blocks.bplab.json']);
    });

    it('marks a file gone since as missing and does not offer to open it', () => {
      const [gone] = submenu([recentFile('/tmp/gone.bplab.json', false)]).entries;
      expect(gone?.label).toBe('gone.bplab.json (missing)');
      expect(gone?.enabled).toBe(false);
    });

    it('adds the folder when two files share a name, and keeps an & in a name as itself', () => {
      const { entries } = submenu([
        recentFile('/a/run.bplab.json'),
        recentFile('/b/run.bplab.json'),
        recentFile('/c/R&D.bplab.json'),
      ]);
      expect(entries.slice(0, 3).map((e) => e.label)).toEqual([
        'run.bplab.json — /a',
        'run.bplab.json — /b',
        'R&&D.bplab.json',
      ]);
    });

    it('shows the recent list in the page with its shortcut, and clears the list', () => {
      const { entries, sent, files, cleared } = submenu([recentFile('/home/me/post001.bplab.json')]);
      const all = entries.find((e) => e.id === 'file.openRecent');
      expect(all?.accelerator).toBe('CmdOrCtrl+Shift+O');
      (all?.click as () => void)();
      expect(sent).toEqual(['file.openRecent']);
      expect(files).toEqual([undefined]);
      const clear = entries.find((e) => e.id === 'recent.clear');
      expect(clear?.enabled).toBe(true);
      (clear?.click as () => void)();
      expect(cleared()).toBe(1);
    });

    it('says there are none when the list is empty, with nothing to clear', () => {
      const { entries } = submenu([]);
      expect(entries[0]).toMatchObject({ label: 'No Recent Files', enabled: false });
      expect(entries.find((e) => e.id === 'recent.clear')?.enabled).toBe(false);
    });
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
