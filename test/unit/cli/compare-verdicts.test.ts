/**
 * Published figures in `bplab compare` and `bplab report`: an experiment file carrying post 001's run 1
 * ratio shows it beside what it measured, its verdict, and the counters under it; figures given with
 * --reference (a vendor's claim) are judged the same way; a bad figures file is refused in words.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { serializeExperimentFile } from '../../../src/main/experiments/experiment-file';
import { RUN1_RATIO, referenceExperiment } from '../../support/reference-fixture';
import { flat, wideLines } from '../../support/cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-compare-verdicts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

function write(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Post 001's preset's shape: its question (innodb_old_blocks_time 1000 against 0) and one of its figures. */
const withFigures = () =>
  write(
    'post001.bplab.json',
    serializeExperimentFile(
      referenceExperiment([RUN1_RATIO], { variable: 'innodb_old_blocks_time', against: '0' }),
    ),
  );

describe('published figures in bplab compare', () => {
  it("says the answer to the experiment's question first, then each figure beside its measurement", async () => {
    const r = await bplab(['compare', withFigures()]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    // The question's pair within one flush method, the other beside it: never the flush-method pair.
    expect(lines.slice(0, 6)).toEqual([
      'innodb_old_blocks_time 1000 against 0, within each innodb_flush_method',
      'innodb_flush_method=default: innodb_old_blocks_time=1000 is 1.11× slower than',
      '  innodb_old_blocks_time=0 over 2 queries; innodb_old_blocks_time=1000 read 1.50× as many pages into',
      '  the pool',
      'innodb_flush_method=O_DIRECT: innodb_old_blocks_time=1000 is 1.27× slower than',
      '  innodb_old_blocks_time=0 over 2 queries; innodb_old_blocks_time=1000 read 1.50× as many pages into',
    ]);
    expect(lines.slice(7, 10)).toEqual([
      'A = innodb_old_blocks_time=0 · innodb_flush_method=default · B = innodb_old_blocks_time=1000 ·',
      '  innodb_flush_method=default',
      "Every ratio is B's time over A's.",
    ]);
    expect(lines[11]).toBe(
      "Published figures against bplab's: 1 of 2 reproduced (within 10%); 1 same direction, smaller.",
    );
    const text = flat(r.out);
    expect(text).toContain(
      ' run 1: 1000 over 0 [innodb_flush_method=default]: published 1.81×, measured 1.22×: same direction, smaller 5.50 s (innodb_old_blocks_time=1000) against 4.50 s (innodb_old_blocks_time=0) pages read into the pool (Innodb_pages_read): 30,000 (innodb_old_blocks_time=1000) against 20,000 (innodb_old_blocks_time=0) pages not made young: 2,000 (innodb_old_blocks_time=1000) against 0 (innodb_old_blocks_time=0) source: post 001, its table',
    );
    expect(text).toContain(
      'run 1: 1000 over 0 [innodb_flush_method=O_DIRECT]: published 1.81×, measured 1.75×: reproduced (within 10%)',
    );
    // The runs' comparison follows, and no line is wider than a terminal's 100 columns.
    expect(r.out).toContain('findings');
    expect(wideLines(r.out)).toEqual([]);
  });

  it("judges a figure given with --reference on an experiment that has none (a vendor's claim)", async () => {
    const plain = write('plain.bplab.json', serializeExperimentFile(referenceExperiment([])));
    const claim = {
      ...RUN1_RATIO,
      id: 'vendor-cold',
      label: 'cold pass: 1000 costs nothing',
      value: 1,
      measure: { kind: 'query-seconds', pass: 'cold' },
      citation: { source: 'a vendor', where: 'its tuning guide' },
    };
    const figures = write('claims.json', JSON.stringify({ references: [claim] }));
    const without = await bplab(['compare', plain]);
    expect(without.out).not.toContain('Published figures');
    const r = await bplab(['compare', plain, '--reference', figures]);
    expect(r.code).toBe(0);
    // Cold: (6 + 4) / (5.5 + 4) = 1.05× through the page cache, (8 + 6) / (8 + 6) = 1.00× with O_DIRECT.
    expect(flat(r.out)).toContain(
      'cold pass: 1000 costs nothing [innodb_flush_method=default]: published 1.00×, measured 1.05×: reproduced (within 10%)',
    );
    expect(r.out).toContain('      source: a vendor, its tuning guide');
    // Four sides, no question of its own: still no line wider than 100 columns.
    expect(wideLines(r.out)).toEqual([]);
  });

  it('keeps figures given with --reference in the experiment file, where they stay for the next compare', async () => {
    const plain = write('kept.bplab.json', serializeExperimentFile(referenceExperiment([])));
    const figures = write('run1.json', JSON.stringify([RUN1_RATIO]));
    const kept = await bplab(['compare', plain, '--reference', figures, '--keep']);
    expect(kept.code).toBe(0);
    expect(kept.err).toContain(`bplab: ${plain} now carries 1 published figure`);
    const again = await bplab(['compare', plain]);
    expect(again.out.split('\n')).toContain(
      "Published figures against bplab's: 1 of 2 reproduced (within 10%); 1 same direction, smaller.",
    );
    // The same id again replaces the figure: still one.
    await bplab(['compare', plain, '--reference', figures, '--keep']);
    const file = JSON.parse(readFileSync(plain, 'utf8')) as { definition: { references: unknown[] } };
    expect(file.definition.references).toHaveLength(1);
    const alone = await bplab(['compare', plain, '--keep']);
    expect(alone.code).not.toBe(0);
    expect(alone.err).toContain('--keep adds the figures of --reference FILE to one experiment file');
  });

  it('refuses a figures file that is not one, saying where and what in words', async () => {
    const bad = write('bad.json', JSON.stringify([{ ...RUN1_RATIO, unit: 's' }]));
    const r = await bplab(['compare', withFigures(), '--reference', bad]);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`${bad}: at $[0].unit, a figure of two sides is a ratio or a change in %`);
  });
});

describe('published figures in bplab report', () => {
  it('writes the section, headline first, in HTML, Markdown and CSV', async () => {
    const file = withFigures();
    const html = join(dir, 'r.html');
    const md = join(dir, 'r.md');
    const csv = join(dir, 'csv');
    const r = await bplab(['report', file, '--html', html, '--md', md, '--csv', csv]);
    expect(r.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2>Published figures</h2>');
    expect(page).toContain(
      '<p class="headline">Published figures against bplab&#39;s: 1 of 2 reproduced (within 10%); 1 same direction, smaller.</p>',
    );
    expect(page).toContain('<td>same direction, smaller</td>');
    const text = readFileSync(md, 'utf8');
    expect(text).toContain('## Published figures');
    expect(text).toContain(
      '| run 1: 1000 over 0 | innodb\\_flush\\_method=O\\_DIRECT | 1.81× | 1.75× | reproduced (within 10%) |',
    );
    const rows = readFileSync(join(csv, 'published-figures.csv'), 'utf8').split('\r\n');
    expect(rows[0]).toBe('Figure,Configuration,Published,Measured,Verdict,Explained by,Source');
    expect(rows[1]).toMatch(
      /^run 1: 1000 over 0,innodb_flush_method=default,1\.81×,1\.22×,"same direction, smaller",/,
    );
  });
});
