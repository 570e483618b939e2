/**
 * The comparison screen's model and store: configurations from one or several loaded files named as
 * the CLI names them, the choice kept when files come and go, the baseline first, the overview and a
 * pair's tables, findings' links to the pair holding their table, and the export request (files and
 * chosen sides only: nothing else, no password, leaves the page).
 */
import { describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { ExperimentFile } from '../../../src/shared/experiments/experiment-file';
import { setApi } from '../../../src/renderer/lib/api';
import { createCompareStore } from '../../../src/renderer/features/compare/stores/compare-store';
import {
  comparisonView,
  configurationChoices,
  keepChoice,
  makeBaseline,
  pairDetail,
  pairOfTable,
  toggleChoice,
  type LoadedResults,
} from '../../../src/renderer/features/compare/utils/compare-view';
import { defaultExportPath } from '../../../src/renderer/features/compare/utils/export-paths';
import { experiment, runResult } from '../../support/run-fixture';
import { dimDateFirstOb1000, lineorderFirstOb0, lineorderFirstOb1000 } from '../../support/post001';
import { referenceExperiment } from '../../support/reference-fixture';

/** The configurations' cells in the file, and their names as sides (without what both share). */
const CELL_ONE = 'MySQL 5.6 · innodb_old_blocks_time=1000';
const CELL_ZERO = 'MySQL 5.6 · innodb_old_blocks_time=0';
const ONE = 'innodb_old_blocks_time=1000';
const ZERO = 'innodb_old_blocks_time=0';

function results(file: string, slowChecksum = 'sha256:5b2f0c'): LoadedResults {
  const x: ExperimentFile = experiment(4);
  x.results = x.results.map((r, i) => ({
    ...r,
    cell: i < 2 ? CELL_ONE : CELL_ZERO,
    pass: i % 2 === 0 ? { kind: 'cold' } : { kind: 'hot', n: 1 },
    run: i < 2 ? r.run : runResult({ runId: `r${i}`, elapsedMs: 60_000, checksum: slowChecksum }),
  }));
  return { file, experiment: x };
}

describe('configurations to choose', () => {
  it('one file: its configurations as they are; several: prefixed by the file, repeats numbered', () => {
    expect(configurationChoices([results('/a/post.bplab.json')]).map((c) => c.label)).toEqual([ONE, ZERO]);
    const two = configurationChoices([results('/a/post.bplab.json'), results('/b/post.bplab.json')]);
    expect(two.map((c) => c.label)).toEqual([
      `post: ${ONE}`,
      `post: ${ZERO}`,
      `post (2): ${ONE}`,
      `post (2): ${ZERO}`,
    ]);
    expect(two[0]).toMatchObject({ runs: 2, completeRuns: 2, why: null });
    // A run that failed says why where its side is listed.
    const failed = results('/a/post.bplab.json');
    failed.experiment.results[1]!.run = {
      ...failed.experiment.results[1]!.run,
      state: 'failed',
      elapsedMs: null,
      error: "MySQL reported error 1146 while running the query: Table 'ssb.orders' doesn't exist.",
    };
    expect(configurationChoices([failed])[0]).toMatchObject({
      runs: 2,
      completeRuns: 1,
      why: "MySQL reported error 1146 while running the query: Table 'ssb.orders' doesn't exist.",
    });
  });

  it('keeps what is still offered, else chooses the first two; toggles; makes a baseline', () => {
    const choices = configurationChoices([results('/a/x.json')]);
    expect(keepChoice([], choices)).toEqual([ONE, ZERO]);
    expect(keepChoice([ZERO, 'gone'], choices)).toEqual([ZERO]);
    expect(toggleChoice([ONE], ZERO)).toEqual([ONE, ZERO]);
    expect(toggleChoice([ONE, ZERO], ONE)).toEqual([ZERO]);
    expect(makeBaseline([ONE, ZERO], ZERO)).toEqual([ZERO, ONE]);
    expect(makeBaseline([ONE], ZERO)).toEqual([ONE]);
  });
});

describe('the comparison shown', () => {
  it('says what is missing before it compares', () => {
    expect(comparisonView([], [])).toEqual({
      ok: false,
      problem: 'Open a results file to compare its configurations.',
    });
    expect(comparisonView([results('/x.json')], [ONE])).toMatchObject({ ok: false });
  });

  it("holds the cold/hot chart per flight, the experiment, servers, settings, post 001's and 003's tables and time per query, then the pairs", () => {
    const out = comparisonView([results('/x.json')], [ONE, ZERO]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    // The answer first: one chart per flight the experiment ran, drawn by the report's own SVG drawer.
    expect(out.view.charts.map((c) => c.title)).toEqual([
      'Flight 1: time per query, cold and hot (lower is better)',
    ]);
    expect(out.view.charts[0]!.svg).toMatch(/^<svg id="cold-hot-chart-1"/);
    expect(out.view.tables.map((t) => t.id)).toEqual([
      'experiment',
      'servers',
      'settings',
      'cold-hot',
      'flights',
      'query-times',
    ]);
    expect(out.view.pairs).toHaveLength(1);
    expect(out.view.checksumWarnings).toEqual([]);
    const detail = pairDetail(out.view, null);
    expect(detail?.tables.map((t) => t.id.replace(/^p1-[^-]+-[^-]+-/, ''))).toHaveLength(6);
    // The sides are named A and B once, the headline names them in full.
    expect(detail?.bars.sides).toEqual(['A', 'B']);
    expect(out.view.legend).toEqual([
      { letter: 'A', label: ONE },
      { letter: 'B', label: ZERO },
    ]);
    expect(out.view.headlines).toHaveLength(1);
    expect(out.view.headlines[0]).toMatch(new RegExp(`^${ZERO} is 1\\.77× slower than ${ONE} over 1 query`));
    expect(out.view.planDiffs).toEqual([]);
    const time = out.view.tables.find((t) => t.id === 'query-times')!;
    expect(time.rows[0]!.map((c) => c.text)).toContain('1.77×');
  });

  it('warns when the result checksums differ, and links a finding to the pair holding its table', () => {
    const out = comparisonView([results('/x.json', 'sha256:other')], [ONE, ZERO]);
    if (!out.ok) throw new Error(out.problem);
    expect(out.view.checksumWarnings.map((p) => p.id)).toEqual([out.view.pairs[0]!.id]);
    const warning = out.view.findings.summary.find((f) => f.rule === 'checksum-differs')!;
    expect(pairOfTable(warning.tableId, out.view.pairs)).toBe(out.view.pairs[0]!.id);
    expect(pairOfTable('query-times', out.view.pairs)).toBeNull();
  });
});

describe("a preset's Compare opens on the preset's question", () => {
  // Post 001's preset: innodb_old_blocks_time 1000 and 0, each through the OS page cache and O_DIRECT.
  const post001 = (question = true): LoadedResults => ({
    file: '/data/post001.bplab.json',
    experiment: referenceExperiment(
      [],
      question ? { variable: 'innodb_old_blocks_time', against: '0' } : undefined,
    ),
  });
  const side = (t: string, flush: string) => `innodb_old_blocks_time=${t} · innodb_flush_method=${flush}`;

  it('chooses 0 as A and 1000 as B within one flush method, never the two flush methods', async () => {
    // show() lists the recent files through the contract: an empty list here.
    setApi({
      invoke: (() => Promise.resolve({ ok: true, value: [] })) as unknown as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    } as BplabApi);
    const store = createCompareStore({
      open: () => Promise.resolve({ ok: true, value: post001() }),
      parse: () => Promise.reject(new Error('nothing is dropped here')),
    });
    await store.getState().show('/data/post001.bplab.json');
    expect(store.getState().chosen).toEqual([side('0', 'default'), side('1000', 'default')]);
    // A file without a question keeps the first two, as before.
    expect(keepChoice([], configurationChoices([post001(false)]))).toEqual([
      side('1000', 'default'),
      side('1000', 'O_DIRECT'),
    ]);
  });

  it('heads the answer with the question, its pair first and the other flush method beside it', () => {
    const out = comparisonView([post001()], [side('0', 'default'), side('1000', 'default')]);
    if (!out.ok) throw new Error(out.problem);
    expect(out.view.title).toBe('innodb_old_blocks_time 1000 against 0, within each innodb_flush_method');
    expect(out.view.headlines).toHaveLength(2);
    expect(out.view.headlines[0]).toMatch(
      /^innodb_flush_method=default: innodb_old_blocks_time=1000 is [\d.]+× slower than innodb_old_blocks_time=0 over 2 queries/,
    );
    expect(out.view.headlines[1]).toMatch(/^innodb_flush_method=O_DIRECT: innodb_old_blocks_time=1000 is /);
    expect(out.view.ratios).toBe("Every ratio is B's time over A's.");
    // Sides chosen otherwise: the usual line per side against A, under a heading naming them.
    const other = comparisonView([post001()], [side('1000', 'default'), side('1000', 'O_DIRECT')]);
    if (!other.ok) throw new Error(other.problem);
    expect(other.view.title).toBe(`${side('1000', 'O_DIRECT')} against ${side('1000', 'default')}`);
    expect(other.view.headlines).toHaveLength(1);
    expect(other.view.headlines[0]).not.toContain('inside the server');
  });
});

describe('the export', () => {
  it('goes beside the first file unless told where', () => {
    expect(defaultExportPath('/data/post001.bplab.json', 'html')).toBe('/data/post001.report.html');
    expect(defaultExportPath('/data/post001.bplab.json', 'csv')).toBe('/data/post001.report-csv');
    expect(defaultExportPath(undefined, 'md')).toBe('');
  });

  it('asks main for the files and the chosen sides, baseline first, and nothing more', async () => {
    const sent: Array<{ name: string; args: unknown }> = [];
    setApi({
      invoke: ((name: string, args: unknown) => {
        sent.push({ name, args });
        return Promise.resolve({
          ok: true,
          value: { format: 'html', written: ['/data/x.report.html'], bytes: 10, ms: 1 },
        });
      }) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const store = createCompareStore({
      open: (file) => Promise.resolve({ ok: true, value: results(file) }),
      parse: () => Promise.reject(new Error('nothing is dropped here')),
    });
    await store.getState().open('/data/x.bplab.json');
    store.getState().baseline(ZERO);
    await store.getState().exportReport();
    expect(sent.filter((s) => s.name === 'reports/export')).toEqual([
      {
        name: 'reports/export',
        args: {
          files: ['/data/x.bplab.json'],
          sides: [ZERO, ONE],
          grouping: 'configuration',
          format: 'html',
          to: '/data/x.report.html',
        },
      },
    ]);
    expect(store.getState().exported?.written).toEqual(['/data/x.report.html']);
  });

  it('keeps the files it has when one fails to open, with the error in words', async () => {
    const store = createCompareStore({
      open: (file) =>
        Promise.resolve(
          file.endsWith('bad.json')
            ? {
                ok: false,
                error: { code: 'FILE_MALFORMED', message: 'bad.json is not a valid experiment file' },
              }
            : { ok: true, value: results(file) },
        ),
      parse: () => Promise.reject(new Error('nothing is dropped here')),
    });
    await store.getState().open('/data/x.bplab.json');
    await store.getState().open('/data/bad.json');
    expect(store.getState().files.map((f) => f.file)).toEqual(['/data/x.bplab.json']);
    expect(store.getState().error?.message).toContain('bad.json');
    expect(store.getState().chosen).toEqual([ONE, ZERO]);
  });
});

describe('any two sets of runs', () => {
  /** The join-order preset's file: one configuration, Q1.1 lineorder first and dim_date first, cold then hot. */
  function joinOrders(): LoadedResults {
    const x: ExperimentFile = experiment(4);
    x.results = x.results.map((r, i) => ({
      ...r,
      cell: 'MariaDB 10.11',
      pass: i < 2 ? { kind: 'cold' } : { kind: 'hot', n: 1 },
      run: i % 2 === 0 ? lineorderFirstOb1000() : dimDateFirstOb1000(),
    }));
    return { file: '/data/join-order.bplab.json', experiment: x };
  }

  it("compares the join-order preset's variants with no choice made, the EXPLAIN diff first", () => {
    const files = [joinOrders()];
    const choices = configurationChoices(files);
    expect(choices.map((c) => c.label)).toEqual(['straight-lo', 'straight-dd']);
    const out = comparisonView(files, keepChoice([], choices));
    if (!out.ok) throw new Error(out.problem);
    expect(out.view.planDiffs.map((t) => t.title)).toEqual([
      'The plans differ: A Q1.1 (straight-lo) against B Q1.1 (straight-dd)',
    ]);
    expect(out.view.headlines[0]).toMatch(
      /^straight-dd is faster than straight-lo: 0\.\d+× the time over 1 query; the plans differ/,
    );
    // Grouped per configuration there is one side: said in words, not a blank screen.
    const one = comparisonView(
      files,
      keepChoice([], configurationChoices(files, 'configuration')),
      'configuration',
    );
    expect(one).toEqual({
      ok: false,
      problem:
        'There is one side only: group the runs another way (by variant, query or server), or open another results file.',
    });
  });

  it('compares runs picked one by one, with no results file open', () => {
    const picked = [lineorderFirstOb1000(), lineorderFirstOb0()];
    const choices = configurationChoices([], null, picked);
    expect(choices).toHaveLength(2);
    const out = comparisonView([], keepChoice([], choices), null, picked);
    if (!out.ok) throw new Error(out.problem);
    expect(out.view.legend.map((s) => s.label)).toEqual(choices.map((c) => c.label));
    expect(out.view.comparison.pairs).toHaveLength(1);
    expect(out.view.headlines[0]).toMatch(/same pages read into the pool → the time is inside the server$/);
  });
});
