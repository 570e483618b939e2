/**
 * The open-document store against main's real experiments handlers (router, service, loader, atomic
 * writes, recent files) on a temporary data folder: no server is involved in opening or saving a
 * file. The API is main's dispatch called in-process, as the transports call it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { experimentHandlers } from '../../../src/main/api/handlers/experiments';
import { createDispatch, type Handlers } from '../../../src/main/api/router';
import { saveExperimentFile, serializeExperimentFile } from '../../../src/main/experiments/experiment-file';
import { ExperimentService } from '../../../src/main/experiments/experiment-service';
import { RecentFiles } from '../../../src/main/experiments/recent-files';
import { setApi } from '../../../src/renderer/lib/api';
import { emptyDefinition } from '../../../src/renderer/lib/document-files';
import { runFileCommand } from '../../../src/renderer/lib/file-commands';
import { useDocuments } from '../../../src/renderer/lib/documents';
import { suggestedFileName } from '../../../src/shared/experiments/experiment-file';
import type { BplabApi, FileDialogs } from '../../../src/shared/contract';
import { experiment } from '../../support/run-fixture';

let dir: string;

const unused = () => {
  throw new Error('not used by file requests');
};

function realApi(dataDir: string): BplabApi {
  const service = new ExperimentService({
    dataDir,
    bplabVersion: 'test',
    runner: {} as never,
    probe: { facts: unused, dataBytes: unused, queryIds: unused, engineCopy: unused },
    tasks: { start: unused },
    recent: new RecentFiles(dataDir),
  });
  const dispatch = createDispatch(experimentHandlers(service, { canStart: false }) as Handlers);
  return {
    invoke: ((name: string, args: unknown) => dispatch(name, args)) as BplabApi['invoke'],
    on: () => () => {},
  };
}

const validDraft = () => ({
  ...emptyDefinition(),
  name: 'old_blocks_time 1000 vs 0',
  schema: 'ssb_e2e',
  queries: [{ queryId: 'Q1.1', variant: 'base' }],
  servers: [{ label: 'MariaDB', profileId: 'p1', sandboxId: 's1' }],
  matrix: [{ kind: 'global' as const, variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
});

const docs = () => useDocuments.getState();

/** Waits for the unsaved-changes question to be on screen. */
async function question() {
  for (let i = 0; i < 50 && !docs().unsaved; i++) await new Promise((r) => setTimeout(r, 1));
  return docs().unsaved;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-docs-'));
  setApi(realApi(dir));
  useDocuments.setState({
    current: null,
    dirty: false,
    recent: [],
    error: null,
    busy: null,
    ask: null,
    unsaved: null,
    runningInto: null,
  });
  delete (globalThis as { window?: unknown }).window;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('documents: new, edit, save, open', () => {
  it('a new draft is clean; an edit makes it dirty', async () => {
    expect(await docs().newDocument()).toBe(true);
    expect(docs().current).toMatchObject({ path: null, name: 'Untitled experiment', file: null });
    expect(docs().dirty).toBe(false);
    docs().edit(validDraft());
    expect(docs().dirty).toBe(true);
    expect(docs().current?.definition.name).toBe('old_blocks_time 1000 vs 0');
  });

  it('refuses to save an incomplete draft, naming the path of what is missing, and writes nothing', async () => {
    await docs().newDocument();
    docs().edit({ ...validDraft(), queries: [] });
    const file = join(dir, 'x.bplab.json');
    expect(await docs().saveAs(file)).toBe(false);
    expect(docs().error?.message).toBe(
      'The experiment cannot be saved yet: at $.queries, pick at least one query.',
    );
    expect(existsSync(file)).toBe(false);
    expect(docs().dirty).toBe(true);
  });

  it('saves a draft as a file main opens again, lists it as recent, and is clean after', async () => {
    await docs().newDocument();
    docs().edit(validDraft());
    const file = join(dir, 'drafts', 'mine.bplab.json');
    expect(await docs().saveAs(file)).toBe(true);
    expect(docs().dirty).toBe(false);
    expect(docs().current).toMatchObject({ path: file, name: 'mine.bplab.json' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ state: 'draft', results: [] });

    await docs().close();
    expect(await docs().open(file)).toBe(true);
    expect(docs().current?.definition).toMatchObject(validDraft());
    expect(docs().current?.file?.state).toBe('draft');
    await docs().loadRecent();
    expect(docs().recent.map((r) => [r.file, r.exists])).toEqual([[file, true]]);
  });

  it('save writes a dirty draft where it is; a clean one is left alone', async () => {
    await docs().newDocument();
    docs().edit(validDraft());
    const file = join(dir, 'a.bplab.json');
    await docs().saveAs(file);
    docs().edit({ ...validDraft(), name: 'renamed' });
    expect(await docs().save()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).definition.name).toBe('renamed');
    writeFileSync(file, 'changed behind our back');
    expect(await docs().save()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('changed behind our back');
  });

  it('refuses save and save as while an experiment runs into the document, in words; saves once it ended', async () => {
    await docs().newDocument();
    docs().edit(validDraft());
    const file = join(dir, 'running.bplab.json');
    await docs().saveAs(file);
    docs().setRunningInto(file);
    docs().edit({ ...validDraft(), name: 'edited while running' });
    const elsewhere = join(dir, 'elsewhere.bplab.json');
    expect(await docs().saveAs(elsewhere)).toBe(false);
    expect(await docs().save()).toBe(false);
    expect(await runFileCommand('file.saveAs')).toBe(false);
    expect(docs().ask).toBeNull();
    expect(docs().error).toMatchObject({ code: 'BUSY' });
    expect(docs().error?.message).toContain('while its experiment is running');
    expect(existsSync(elsewhere)).toBe(false);
    expect(docs().current?.path).toBe(file);
    // Another document is not held by it.
    docs().setRunningInto(join(dir, 'other.bplab.json'));
    expect(await docs().save()).toBe(true);
    docs().setRunningInto(null);
    expect(await docs().saveAs(elsewhere)).toBe(true);
  });

  it('opens a results file with no server, and save as copies it', async () => {
    const file = join(dir, 'results.bplab.json');
    const original = experiment();
    saveExperimentFile(file, original);
    expect(await docs().open(file)).toBe(true);
    expect(docs().current?.file?.results).toHaveLength(original.results.length);
    expect(docs().current?.file?.state).toBe(original.state);
    const copy = join(dir, 'copy.bplab.json');
    expect(await docs().saveAs(copy)).toBe(true);
    expect(docs().current?.path).toBe(copy);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(file, 'utf8'));
  });

  it('a file that fails to load names the file and the path in it, and keeps the open document', async () => {
    await docs().newDocument();
    const bad = join(dir, 'bad.bplab.json');
    const stored = JSON.parse(serializeExperimentFile(experiment()));
    stored.definition.protocol.hotRuns = 'three';
    writeFileSync(bad, JSON.stringify(stored));
    expect(await docs().open(bad)).toBe(false);
    expect(docs().error?.message).toContain(
      `${bad} is not a valid experiment file: at $.definition.protocol.hotRuns`,
    );
    expect(docs().current?.name).toBe('Untitled experiment');

    expect(await docs().open(join(dir, 'gone.bplab.json'))).toBe(false);
    expect(docs().error).toMatchObject({ code: 'NOT_FOUND' });
    expect(docs().error?.message).toContain('gone.bplab.json');
  });

  it('a recent file deleted since is listed as missing', async () => {
    const file = join(dir, 'r.bplab.json');
    saveExperimentFile(file, experiment());
    await docs().open(file);
    rmSync(file);
    await docs().loadRecent();
    expect(docs().recent).toEqual([expect.objectContaining({ file, exists: false })]);
  });
});

describe('documents: files dropped into the page (browser mode)', () => {
  it('opens a file from its text, then save as writes that text', async () => {
    const text = serializeExperimentFile(experiment());
    expect(await docs().openFromBytes('dropped.bplab.json', text)).toBe(true);
    expect(docs().current).toMatchObject({ path: null, name: 'dropped.bplab.json' });
    expect(docs().current?.file?.results.length).toBeGreaterThan(0);
    const file = join(dir, 'kept.bplab.json');
    expect(await docs().saveAs(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(docs().current?.path).toBe(file);
  });

  it('names the dropped file and the path in it when its text is bad', async () => {
    expect(await docs().openFromBytes('notes.json', '{"format": "something else"}')).toBe(false);
    expect(docs().error?.message).toBe(
      'notes.json is not a valid experiment file: at $.format, expected "bplab-experiment" (this is not a bplab experiment file).',
    );
  });

  it('save of a document with no path asks the page for one', async () => {
    await docs().openFromBytes('d.bplab.json', serializeExperimentFile(experiment()));
    expect(await docs().save()).toBe(false);
    expect(docs().ask).toBe('save-as');
    const file = join(dir, 'answered.bplab.json');
    expect(await docs().answerPath(file)).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(docs().ask).toBeNull();
  });
});

describe('documents: unsaved changes', () => {
  it('asks before new; cancel keeps the edits, discard lets them go', async () => {
    await docs().newDocument();
    docs().edit(validDraft());
    const first = docs().newDocument();
    expect(await question()).toEqual({ action: 'start a new experiment', name: 'Untitled experiment' });
    docs().answerUnsaved('cancel');
    expect(await first).toBe(false);
    expect(docs().current?.definition.name).toBe('old_blocks_time 1000 vs 0');
    expect(docs().unsaved).toBeNull();

    const second = docs().newDocument();
    await question();
    docs().answerUnsaved('discard');
    expect(await second).toBe(true);
    expect(docs().current?.definition.name).toBe('New experiment');
  });

  it('"save" saves first, then opens', async () => {
    const draftFile = join(dir, 'draft.bplab.json');
    await docs().newDocument();
    docs().edit(validDraft());
    await docs().saveAs(draftFile);
    docs().edit({ ...validDraft(), name: 'edited' });
    const other = join(dir, 'other.bplab.json');
    saveExperimentFile(other, experiment());
    const opening = docs().open(other);
    expect((await question())?.action).toBe('open another file');
    docs().answerUnsaved('save');
    expect(await opening).toBe(true);
    expect(JSON.parse(readFileSync(draftFile, 'utf8')).definition.name).toBe('edited');
    expect(docs().current?.path).toBe(other);
  });

  it('asks before close; nothing is asked when nothing was edited', async () => {
    await docs().newDocument();
    expect(await docs().close()).toBe(true);
    expect(docs().current).toBeNull();
    await docs().newDocument();
    docs().edit(validDraft());
    const closing = docs().close();
    expect((await question())?.action).toBe('close it');
    docs().answerUnsaved('cancel');
    expect(await closing).toBe(false);
    expect(docs().current).not.toBeNull();
  });
});

describe('documents: File commands', () => {
  it('in browser mode, open and save as ask the page for a path', async () => {
    await runFileCommand('file.open');
    expect(docs().ask).toBe('open');
    await docs().answerPath(null);
    expect(docs().ask).toBeNull();
    await runFileCommand('file.new');
    await runFileCommand('file.saveAs');
    expect(docs().ask).toBe('save-as');
  });

  it('in the desktop app, they use the OS dialogs', async () => {
    const file = join(dir, 'picked.bplab.json');
    saveExperimentFile(file, experiment());
    const asked: string[] = [];
    const bplabFiles: FileDialogs = {
      pickOpen: async () => file,
      pickOpenMany: async () => [file],
      pathOf: () => null,
      pickSave: async (suggested) => {
        asked.push(suggested);
        return join(dir, 'saved-as.bplab.json');
      },
    };
    (globalThis as { window?: unknown }).window = { bplabFiles };
    expect(await runFileCommand('file.open')).toBe(true);
    expect(docs().current?.path).toBe(file);
    expect(await runFileCommand('file.saveAs')).toBe(true);
    expect(asked).toEqual(['picked.bplab.json']);
    expect(existsSync(join(dir, 'saved-as.bplab.json'))).toBe(true);
    await runFileCommand('file.new');
    docs().edit(validDraft());
    expect(await runFileCommand('file.save')).toBe(true);
    expect(asked.at(-1)).toBe(suggestedFileName('old_blocks_time 1000 vs 0'));
  });

  it('suggests a file name from the experiment name', () => {
    expect(suggestedFileName('innodb_old_blocks_time 1000 vs 0, pool 1/8')).toBe(
      'innodb_old_blocks_time-1000-vs-0-pool-1-8.bplab.json',
    );
    expect(suggestedFileName('  ')).toBe('experiment.bplab.json');
    expect(suggestedFileName('old_blocks_time 1000 vs 0', 2)).toBe('old_blocks_time-1000-vs-0-2.bplab.json');
  });

  it('counts another document taking the place of the open one, not its edits, saves or reloads', async () => {
    const file = join(dir, 'results.bplab.json');
    saveExperimentFile(file, experiment());
    const at = () => docs().opened;
    const start = at();
    await docs().newDocument();
    expect(at()).toBe(start + 1);
    docs().edit(validDraft());
    await docs().saveAs(join(dir, 'draft.bplab.json'));
    expect(at()).toBe(start + 1);
    expect(await docs().open(file)).toBe(true);
    expect(at()).toBe(start + 2);
    expect(await docs().reload()).toBe(true);
    docs().attach(file);
    expect(await docs().saveAs(join(dir, 'copy.bplab.json'))).toBe(true);
    expect(at()).toBe(start + 2);
    await docs().close();
    expect(at()).toBe(start + 3);
  });
});
