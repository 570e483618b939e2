/**
 * reports/add-references, the Compare screen's way to keep a reference figure: through the contract's
 * one door, into the experiment file's definition (as `bplab compare --reference F --keep` keeps it),
 * where `bplab compare` and `bplab report` judge it at once; a file that is not an experiment, one
 * being written, or one that cannot be written is said in words and left as it was.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportHandlers } from '../../../src/main/api/handlers/reports';
import { createDispatch, type Handlers } from '../../../src/main/api/router';
import { runCli } from '../../../src/main/cli/run';
import { serializeExperimentFile } from '../../../src/main/experiments/experiment-file';
import type { ExperimentService } from '../../../src/main/experiments/experiment-service';
import type { ReferenceFigureInput } from '../../../src/shared/published/reference-figures';
import { referenceExperiment } from '../../support/reference-fixture';

const dir = mkdtempSync(join(tmpdir(), 'bplab-add-references-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const deps = { experiments: {} as ExperimentService } as Parameters<typeof reportHandlers>[1];
const dispatch = createDispatch(reportHandlers('t', deps) as unknown as Handlers);

/** A vendor's claim as the Compare form makes it: run 1 at 1000 over 0, through the page cache. */
const VENDOR: ReferenceFigureInput = {
  id: 'added-vendor-run-1',
  label: 'run 1: 1000 over 0, the vendor’s',
  value: 1.5,
  unit: 'ratio',
  measure: { kind: 'query-seconds', pass: 'run 1' },
  sides: [
    { settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' } },
    { settings: { innodb_old_blocks_time: '0', innodb_flush_method: 'default' } },
  ],
  citation: { source: 'vendor’s tuning guide', where: 'page 4' },
};

function plainFile(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, serializeExperimentFile(referenceExperiment([])));
  return path;
}

async function bplab(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    version: '9.9.9-test',
    staticDir: dir,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stopRequested: new Promise(() => {}),
    env: { BPLAB_HOME: join(dir, 'home') },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('reports/add-references', () => {
  it('keeps the figure in the file, where bplab compare and bplab report judge it', async () => {
    const file = plainFile('vendor.bplab.json');
    const kept = await dispatch('reports/add-references', { file, figures: [VENDOR] });
    expect(kept).toEqual({ ok: true, value: { file, references: 1 } });
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { definition: { references: unknown[] } };
    expect(stored.definition.references).toEqual([{ ...VENDOR, directionOnly: false, explain: [] }]);
    // (3 + 2.5) / (2.5 + 2) = 1.22× measured against the vendor's 1.5×: same direction, smaller.
    const r = await bplab(['compare', file]);
    expect(r.out.split('\n')).toContain("Published figures against bplab's: 1 of 1 same direction, smaller.");
    expect(r.out).toContain(
      '  run 1: 1000 over 0, the vendor’s: published 1.50×, measured 1.22×: same direction, smaller',
    );
    expect(r.out).toContain('      source: vendor’s tuning guide, page 4');
    const md = join(dir, 'vendor.md');
    expect((await bplab(['report', file, '--md', md])).code).toBe(0);
    expect(readFileSync(md, 'utf8')).toContain(
      '| run 1: 1000 over 0, the vendor’s | — | 1.50× | 1.22× | same direction, smaller |',
    );
    // The same figure again replaces it; another joins it.
    await dispatch('reports/add-references', { file, figures: [VENDOR] });
    const again = await dispatch('reports/add-references', {
      file,
      figures: [{ ...VENDOR, id: 'added-vendor-run-1-2', value: 1.2 }],
    });
    expect(again).toEqual({ ok: true, value: { file, references: 2 } });
  });

  it('refuses a figure the model refuses, in words, before the file is touched', async () => {
    const file = plainFile('bad-figure.bplab.json');
    const before = readFileSync(file, 'utf8');
    const refused = await dispatch('reports/add-references', { file, figures: [{ ...VENDOR, unit: 's' }] });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message).toContain(
      'a figure of two sides is a ratio or a change in %',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('says in words that a file is not an experiment file, and leaves it as it was', async () => {
    const file = join(dir, 'notes.json');
    writeFileSync(file, '{"hello": 1}');
    const refused = await dispatch('reports/add-references', { file, figures: [VENDOR] });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('FILE_MALFORMED');
    expect(!refused.ok && refused.error.message).toContain(`${file} is not a valid experiment file`);
    expect(readFileSync(file, 'utf8')).toBe('{"hello": 1}');
  });

  it('says in words that a file cannot be written, and leaves it as it was', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    const file = join(locked, 'locked.bplab.json');
    writeFileSync(file, serializeExperimentFile(referenceExperiment([])));
    const before = readFileSync(file, 'utf8');
    chmodSync(locked, 0o555);
    // Root writes past a folder's mode: an immutable folder stops it too.
    const root = process.getuid?.() === 0;
    if (root) execFileSync('chattr', ['+i', locked]);
    try {
      const refused = await dispatch('reports/add-references', { file, figures: [VENDOR] });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.error.message).toBe(
        `bplab could not write ${file}: you may not write its folder (permission denied).`,
      );
      expect(!refused.ok && refused.error.hint).toContain('The file is left as it was.');
      expect(readFileSync(file, 'utf8')).toBe(before);
    } finally {
      if (root) execFileSync('chattr', ['-i', locked]);
      chmodSync(locked, 0o755);
    }
  });
});
