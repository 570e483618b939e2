/**
 * Results files given to the comparison other than by a typed path: dropped (by path in the desktop
 * app, by text in browser mode, refused in words when not JSON) and picked in the desktop app's dialog,
 * several at once; a dropped file's report is refused in words (main makes reports from paths).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BplabApi, FileDialogs } from '../../../src/shared/contract';
import type { ExperimentFile } from '../../../src/shared/experiments/experiment-file';
import type { Result } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import {
  droppedText,
  readDroppedFile,
  tooLargeToDrop,
  type DroppedFile,
} from '../../../src/renderer/lib/dropped-file';
import { createCompareStore } from '../../../src/renderer/features/compare/stores/compare-store';
import type { LoadedResults } from '../../../src/renderer/features/compare/utils/compare-view';
import { experiment } from '../../support/run-fixture';

const WHAT = 'a bplab results file';

function blob(name: string, text: string, size = text.length) {
  return { name, size, text: () => Promise.resolve(text) };
}

function desktop(dialogs: Partial<FileDialogs>): void {
  (globalThis as { window?: unknown }).window = { bplabFiles: dialogs };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('a dropped file', () => {
  it('is taken by its text when it is JSON', () => {
    expect(droppedText('a.bplab.json', '{"format":"x"}', WHAT)).toEqual({
      kind: 'text',
      name: 'a.bplab.json',
      text: '{"format":"x"}',
    });
  });

  it('is refused in words when binary, empty or not JSON, never echoing its bytes', () => {
    const binary = droppedText('photo.png', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', WHAT);
    expect(binary).toMatchObject({ kind: 'refused', name: 'photo.png' });
    const message = binary.kind === 'refused' ? binary.error.message : '';
    expect(message).toBe('photo.png is not a bplab results file: it is binary, not JSON text.');
    expect(message).not.toContain('IHDR');
    const empty = droppedText('e.json', '  \n', WHAT);
    expect(empty.kind === 'refused' && empty.error.message).toBe(
      'e.json is not a bplab results file: it is empty.',
    );
    const notes = droppedText('notes.txt', 'hello\nworld', WHAT);
    expect(notes.kind === 'refused' && notes.error.message).toMatch(
      /^notes\.txt is not a bplab results file: it is not JSON/,
    );
    expect(notes.kind === 'refused' && notes.error.hint).toContain('*.bplab.json');
  });

  it('is refused when too large to send, before its text is read', async () => {
    expect(tooLargeToDrop('big.json', 8 * 1024 * 1024)).toBeNull();
    expect(tooLargeToDrop('big.json', 20 * 1024 * 1024)?.message).toBe(
      'big.json is too large to drop into the page (20 MB; up to 8 MB).',
    );
    const unread = {
      name: 'big.json',
      size: 20 * 1024 * 1024,
      text: () => Promise.reject(new Error('read')),
    };
    expect((await readDroppedFile(unread, WHAT)).kind).toBe('refused');
  });

  it('in the desktop app is taken by its path; in browser mode by its text', async () => {
    expect(await readDroppedFile(blob('a.bplab.json', '{}'), WHAT)).toEqual({
      kind: 'text',
      name: 'a.bplab.json',
      text: '{}',
    });
    desktop({ pathOf: () => '/home/me/a.bplab.json' });
    expect(await readDroppedFile(blob('a.bplab.json', 'not read'), WHAT)).toEqual({
      kind: 'path',
      name: 'a.bplab.json',
      path: '/home/me/a.bplab.json',
    });
    // A file with no path on disk (dragged from a web page) is read as text, even in the desktop app.
    desktop({ pathOf: () => null });
    expect((await readDroppedFile(blob('b.json', '{}'), WHAT)).kind).toBe('text');
  });
});

describe('the comparison takes dropped and picked files', () => {
  function loaded(file: string, dropped?: boolean): LoadedResults {
    const x: ExperimentFile = experiment(2);
    x.definition = { ...x.definition, name: `from ${file}` };
    return { file, experiment: x, ...(dropped ? { dropped } : {}) };
  }

  function store() {
    const asked: string[] = [];
    const s = createCompareStore({
      open: (file): Promise<Result<LoadedResults>> => {
        asked.push(`open ${file}`);
        return Promise.resolve(
          file.includes('missing')
            ? { ok: false, error: { code: 'NOT_FOUND', message: `${file} is not there.` } }
            : { ok: true, value: loaded(file) },
        );
      },
      parse: (name, text) => {
        asked.push(`parse ${name} ${text}`);
        return Promise.resolve({ ok: true, value: loaded(name, true) });
      },
    });
    return { s, asked };
  }

  it('adds every file dropped that loads, by path or by text, and shows the first refusal in words', async () => {
    setApi({
      invoke: (() => Promise.resolve({ ok: true, value: [] })) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const { s, asked } = store();
    const refusal = droppedText('photo.png', '\u0000\u0001', WHAT);
    const dropped: DroppedFile[] = [
      { kind: 'path', name: 'a.bplab.json', path: '/data/a.bplab.json' },
      refusal,
      { kind: 'text', name: 'b.bplab.json', text: '{}' },
      { kind: 'path', name: 'missing.json', path: '/data/missing.json' },
    ];
    await s.getState().addDropped(dropped);
    expect(asked).toEqual(['open /data/a.bplab.json', 'parse b.bplab.json {}', 'open /data/missing.json']);
    expect(s.getState().files.map((f) => f.file)).toEqual(['/data/a.bplab.json', 'b.bplab.json']);
    expect(s.getState().error?.message).toBe(
      'photo.png is not a bplab results file: it is binary, not JSON text.',
    );
    expect(s.getState().opening).toBe(false);
    // Dropping a file already there reloads it: still two files.
    await s.getState().addDropped([{ kind: 'path', name: 'a.bplab.json', path: '/data/a.bplab.json' }]);
    expect(s.getState().files.map((f) => f.file)).toEqual(['b.bplab.json', '/data/a.bplab.json']);
    expect(s.getState().error).toBeNull();
  });

  it("opens every file chosen in the desktop app's dialog, and nothing when it is dismissed", async () => {
    const { s, asked } = store();
    const answers = [['/data/x.bplab.json', '/data/y.json'], []];
    desktop({ pickOpenMany: () => Promise.resolve(answers.shift() ?? []) });
    await s.getState().pickFiles();
    expect(s.getState().files.map((f) => f.file)).toEqual(['/data/x.bplab.json', '/data/y.json']);
    await s.getState().pickFiles();
    expect(asked).toEqual(['open /data/x.bplab.json', 'open /data/y.json']);
  });

  it('refuses in words to export a report of a file dropped in browser mode, and asks main nothing', async () => {
    const sent: string[] = [];
    setApi({
      invoke: ((name: string) => {
        sent.push(name);
        return Promise.resolve({ ok: true, value: [] });
      }) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const { s } = store();
    await s.getState().addDropped([{ kind: 'text', name: 'b.bplab.json', text: '{}' }]);
    await s.getState().exportReport();
    expect(sent).not.toContain('reports/export');
    expect(s.getState().exportError?.message).toBe(
      'A report is made from the results files on disk, and b.bplab.json was dropped into the page: bplab has no path to it.',
    );
    expect(s.getState().exportError?.hint).toContain('by its path');
  });
});
