/** `bplab compare` and `bplab report` on run files written by the test: good input, and each kind of bad input. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeExperimentFile } from '../../../src/main/experiments/experiment-file';
import { checkRunFile } from '../../../src/shared/compare/run-file';
import type { ExperimentFile } from '../../../src/shared/experiments/experiment-file';
import type { RunResult } from '../../../src/shared/runs/runs';
import { experiment } from '../../support/run-fixture';
import { runCliInProcess, wideLines } from '../../support/cli';
import { scratchFolder } from '../../support/scratch';
import { baseRun, dimDateFirstOb1000, lineorderFirstOb0, lineorderFirstOb1000 } from '../../support/post001';

const { dir, file } = scratchFolder('bplab-compare-');

const bplab = (args: string[]) =>
  runCliInProcess(args, { staticDir: dir, env: { BPLAB_HOME: join(dir, 'home') } });

describe('bplab compare', () => {
  it('prints the time per query with ratios, then the findings, for two saved runs', async () => {
    const a = file('ob1000.json', lineorderFirstOb1000());
    const b = file('ob0.bplab.json', lineorderFirstOb0());
    const r = await bplab(['compare', a, b]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    // The answer first (its heading, its line wrapped to 100 columns), then the sides named once and
    // how every ratio reads: A and B from there on.
    expect(lines.slice(0, 6)).toEqual([
      'ob0 against ob1000',
      'ob0 is faster than ob1000: 0.23× the time over 1 query; same pages read into the pool → the time is',
      '  inside the server',
      'A = ob1000 · B = ob0',
      "Every ratio is B's time over A's.",
      '',
    ]);
    expect(lines[6]).toBe('Time per query');
    expect(wideLines(r.out)).toEqual([]);
    expect(lines.find((l) => l.startsWith('query'))).toMatch(/^query\s+A\s+B\s+B \/ A\s+B − A$/);
    expect(lines.find((l) => l.startsWith('Q1.1'))).toMatch(
      /^Q1\.1 \(straight-lo\)\s+33\.9 s\s+7\.81 s\s+0\.23×\s+−26\.1 s$/,
    );
    expect(r.out).toContain(
      "  - A left 4,824,154 pages not made young: innodb_old_blocks_time=1000 kept the scan's pages old",
    );
    expect(r.out).toContain(
      '  - dim_date PRIMARY: 17 young pages after A, none after B (17 pages there, all old)',
    );
  });

  it('compares the runs inside one file holding a list, as A, B...', async () => {
    const both = file('both.json', [lineorderFirstOb1000(), dimDateFirstOb1000()]);
    const r = await bplab(['compare', both]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('  - B read 4.9× as many pages into the pool (191,570 against 38,961)');
  });

  it('names the file and what is wrong, with exit code 1', async () => {
    const good = file('good.json', lineorderFirstOb1000());
    const cases: Array<[string, string]> = [
      [join(dir, 'missing.json'), `bplab: ${join(dir, 'missing.json')}: no such file`],
      [
        file('broken.json', '{"format": 1, "runId": '),
        `bplab: ${join(dir, 'broken.json')} is not a bplab results file: it is not JSON: it ends in the middle (cut short?).`,
      ],
      [
        file('profiles.json', [{ id: 'it', name: 'it', transport: 'tcp' }]),
        `bplab: ${join(dir, 'profiles.json')} is not a bplab run file: $[0] is not a bplab run (a run is an object with format and runId)`,
      ],
      [
        file('wrong.json', { ...baseRun(), server: { ...baseRun().server, bufferPoolSizeBytes: '128M' } }),
        `bplab: ${join(dir, 'wrong.json')} is not a bplab run file: $.server.bufferPoolSizeBytes: `,
      ],
      [
        file('empty.json', []),
        `bplab: ${join(dir, 'empty.json')} is not a bplab run file: it holds an empty list, no run`,
      ],
      [dir, `bplab: ${dir} is a folder, not a run file`],
    ];
    for (const [path, message] of cases) {
      const r = await bplab(['compare', good, path]);
      expect(r.code, path).toBe(1);
      expect(r.out, path).toBe('');
      expect(r.err.startsWith(message), `${r.err}\n  should start with\n${message}`).toBe(true);
    }
  });

  it('says a single run has nothing to compare with, and asks for a file when given none', async () => {
    const one = await bplab(['compare', file('one.json', lineorderFirstOb1000())]);
    expect(one.code).toBe(1);
    expect(one.err).toBe(
      `bplab: ${join(dir, 'one.json')} holds one run: nothing to compare it with (give a second run file, or a file holding several runs)`,
    );
    const none = await bplab(['compare']);
    expect(none.code).toBe(1);
    expect(none.err).toBe('bplab: give at least one run file');
  });
});

describe('bplab report', () => {
  it('writes the HTML report, the CSV files and the Markdown summary', async () => {
    const a = file('ra.json', lineorderFirstOb1000());
    const b = file('rb.json', lineorderFirstOb0());
    const html = join(dir, 'out', 'report.html');
    const csv = join(dir, 'out', 'csv');
    const md = join(dir, 'out', 'summary.md');
    await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'out'), { recursive: true }));
    const r = await bplab(['report', a, b, '--html', html, '--csv', csv, '--md', md]);
    expect(r.err).toContain(`HTML report written to ${html}`);
    expect(r.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<title>bplab comparison: rb against ra</title>');
    expect(page).not.toMatch(/https?:\/\//);
    expect(readdirSync(csv)).toContain('query-times.csv');
    expect(readFileSync(join(csv, 'query-times.csv'), 'utf8')).toContain(
      'Q1.1 (straight-lo),33940,7810,0.2301,-26130',
    );
    expect(readFileSync(md, 'utf8')).toContain('## Findings');
    expect(r.out).toContain('findings');
  });

  it('asks what to write when given no output, and writes nothing for a bad input file', async () => {
    const a = file('sa.json', lineorderFirstOb1000());
    const none = await bplab(['report', a, a]);
    expect(none.code).toBe(1);
    expect(none.err).toBe('bplab: say what to write: --html FILE, --csv DIR and/or --md FILE');
    const html = join(dir, 'never.html');
    const bad = await bplab(['report', a, file('bad.json', '[1,'), '--html', html]);
    expect(bad.code).toBe(1);
    expect(existsSync(html)).toBe(false);
  });
});

describe('checking a run file', () => {
  it('accepts a run and a list of runs, keeping the objects whole', () => {
    const run = lineorderFirstOb1000();
    const one = checkRunFile(JSON.parse(JSON.stringify(run)));
    expect(one.ok && one.runs[0]?.poolStats.after?.[0]?.raw).toEqual({});
    const two = checkRunFile([run, run]);
    expect(two.ok && two.runs.length).toBe(2);
  });

  it('names the path of the first problem, inside a list too', () => {
    const bad = {
      ...lineorderFirstOb0(),
      lru: {
        before: null,
        after: { atMs: 0, costMs: 1, databasePages: 1, oldMethod: 'is-old', indexes: [{ table: 't' }] },
      },
    };
    expect(checkRunFile([lineorderFirstOb1000(), bad])).toEqual({
      ok: false,
      problem: expect.stringMatching(/^\$\[1\]\.lru\.after\.indexes\[0\]\.index: /),
    });
    expect(checkRunFile({ ...baseRun(), format: 2 })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^\$\.format: /),
    });
    expect(checkRunFile('a string')).toEqual({
      ok: false,
      problem: 'it is not a bplab run (a run is an object with format and runId)',
    });
  });
});

describe('experiment files', () => {
  /** Post 001's Q1.1 as an experiment: old_blocks_time 1000 and 0, each a warm-up, cold, then runs 1 and 2. */
  function experimentFile(): ExperimentFile {
    const cells: Array<[string, () => RunResult]> = [
      ['MySQL 5.6 · innodb_old_blocks_time=1000', lineorderFirstOb1000],
      ['MySQL 5.6 · innodb_old_blocks_time=0', lineorderFirstOb0],
    ];
    const passes = [
      { kind: 'warmup', n: 1 },
      { kind: 'cold' },
      { kind: 'hot', n: 1 },
      { kind: 'hot', n: 2 },
    ] as const;
    let planIndex = 0;
    return {
      ...experiment(0),
      results: cells.flatMap(([cell, make]) =>
        passes.map((pass, i) => {
          const run = make();
          run.runId = `${cell}-${i}`;
          // The cold pass reads from disk and takes longer; warm-ups are slower still, and must not count.
          run.elapsedMs = (run.elapsedMs ?? 0) * (pass.kind === 'warmup' ? 5 : pass.kind === 'cold' ? 2 : 1);
          return { planIndex: planIndex++, cell, pass, counted: pass.kind !== 'warmup', cold: null, run };
        }),
      ),
    };
  }

  it("compares the configurations and prints post 001's table, cold first, warm-ups left out", async () => {
    const path = join(dir, 'q11.bplab.json');
    writeFileSync(path, serializeExperimentFile(experimentFile()));
    const r = await bplab(['compare', path]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('innodb_old_blocks_time=0 against innodb_old_blocks_time=1000');
    expect(lines[3]).toBe('A = innodb_old_blocks_time=1000 · B = innodb_old_blocks_time=0');
    expect(lines[6]).toBe('Response time per configuration: cold, then hot runs (seconds)');
    expect(lines.find((l) => l.startsWith('A              all'))).toMatch(/all\s+67\.88\s+33\.94\s+33\.94$/);
    expect(lines.find((l) => l.startsWith('B  '))).toMatch(/Flight 1\s+15\.62\s+7\.81\s+7\.81$/);
    // Time per query: the median of cold, run 1 and run 2.
    expect(lines.find((l) => l.startsWith('Q1.1 (straight-lo)'))).toMatch(
      /33\.9 s \(median of 3\)\s+7\.81 s \(median of 3\)/,
    );
    expect(r.out).toContain('pages not made young: innodb_old_blocks_time=1000');
  });

  it('groups the runs as --by says, and names what it takes when given something else', async () => {
    const path = join(dir, 'q11-by.bplab.json');
    writeFileSync(path, serializeExperimentFile(experimentFile()));
    // By server: both configurations ran on one server, one side: post 001's table of it, no headline.
    const byServer = await bplab(['compare', path, '--by', 'server']);
    expect(byServer.code).toBe(0);
    expect(byServer.out.split('\n').slice(0, 2)).toEqual(['A = MySQL 5.6', '']);
    expect(byServer.out).toContain('Response time per configuration');
    const byConfiguration = await bplab(['compare', path, '--by', 'configuration']);
    expect(byConfiguration.out.split('\n')[3]).toBe(
      'A = innodb_old_blocks_time=1000 · B = innodb_old_blocks_time=0',
    );
    const bad = await bplab(['compare', path, '--by', 'colour']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(
      '--by takes configuration, variant, query, server (what to put side by side), not "colour"',
    );
  });

  it('writes the flight table into the report, and names the path of a fault in the file', async () => {
    const path = join(dir, 'q11b.bplab.json');
    writeFileSync(path, serializeExperimentFile(experimentFile()));
    const html = join(dir, 'exp.html');
    expect((await bplab(['report', path, '--html', html])).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('<details class="detail" id="flights">');
    const broken = JSON.parse(readFileSync(path, 'utf8')) as {
      results: Array<{ run: { elapsedMs: unknown } }>;
    };
    broken.results[2]!.run.elapsedMs = 'fast';
    const bad = file('bad.bplab.json', broken);
    const r = await bplab(['compare', bad]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(bad);
    expect(r.err).toContain('$.results[2].run.elapsedMs');
  });
});
