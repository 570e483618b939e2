/** Published figures measured on a hand-made experiment, per configuration, with verdicts and counters. */
import { describe, expect, it } from 'vitest';
import { measureReferences } from '../../../../src/shared/compare/reference-verdicts';
import {
  splitVerdicts,
  unmeasuredLine,
  verdictRows,
  verdictsHeadline,
  verdictsTable,
} from '../../../../src/shared/compare/reference-tables';
import { ExperimentDefinitionSchema, expandCells } from '../../../../src/shared/experiments/experiments';
import { findPreset } from '../../../../src/main/experiments/presets';
import type { ExperimentFile } from '../../../../src/shared/experiments/experiment-file';
import { post002Figures } from '../../../../src/shared/published/published-figures-load';
import { RUN1_RATIO, referenceExperiment } from '../../../support/reference-fixture';
import { result, step } from '../../../support/load-fixture';
import { THE_13_QUERY_IDS } from '../../../support/ssb-query-ids';

describe('measureReferences', () => {
  it('measures a ratio once per flush method, the dimension the figure leaves free', () => {
    const [run1] = measureReferences(referenceExperiment([RUN1_RATIO]));
    expect(run1!.measured.map((m) => m.context)).toEqual([
      'innodb_flush_method=default',
      'innodb_flush_method=O_DIRECT',
    ]);
    // Through the page cache: (3 + 2.5) / (2.5 + 2) s; with O_DIRECT: (8 + 6) / (4 + 4) s.
    expect(run1!.measured[0]!.measured).toBeCloseTo(5.5 / 4.5, 6);
    expect(run1!.measured[0]!.verdict).toBe('smaller');
    expect(run1!.measured[1]!.measured).toBeCloseTo(14 / 8, 6);
    expect(run1!.measured[1]!.verdict).toBe('reproduced');
  });

  it('sums the counters that explain it over the same runs, each side', () => {
    const [run1] = measureReferences(referenceExperiment([RUN1_RATIO]));
    expect(run1!.measured[0]!.sides.map((s) => [s.label, s.value, s.counters.map((c) => c.value)])).toEqual([
      ['innodb_old_blocks_time=1000', 5.5, [30_000, 2_000]],
      ['innodb_old_blocks_time=0', 4.5, [20_000, 0]],
    ]);
  });

  it("sums the server's CPU time under the verdict, and says so when a run did not record it", () => {
    // Post 001's own Q1.1 pairs: the same pages, the seconds apart in CPU. Here 1000 used 3 s a run, 0 used 1 s.
    const file = referenceExperiment([{ ...RUN1_RATIO, explain: ['pages-read', 'server-cpu'] }]);
    const withCpu: ExperimentFile = {
      ...file,
      results: file.results.map((r) => ({
        ...r,
        run: {
          ...r.run,
          serverProcess: {
            readBytes: 0,
            cpuMs: r.cell.includes('innodb_old_blocks_time=1000') ? 3000 : 1000,
          },
        },
      })),
    };
    const [run1] = measureReferences(withCpu);
    expect(run1!.measured[0]!.sides.map((s) => s.counters.map((c) => [c.counter, c.value]))).toEqual([
      [
        ['pages-read', 30_000],
        ['server-cpu', 6000],
      ],
      [
        ['pages-read', 20_000],
        ['server-cpu', 2000],
      ],
    ]);
    expect(verdictRows([run1!])[0]!.explained.at(-1)).toBe(
      'CPU time the server used: 6.00 s (innodb_old_blocks_time=1000) against 2.00 s (innodb_old_blocks_time=0)',
    );
    const unrecorded = {
      ...withCpu,
      results: withCpu.results.map((r) => ({
        ...r,
        run: { ...r.run, serverProcess: { unavailable: 'not a local sandbox' } },
      })),
    };
    expect(verdictRows(measureReferences(unrecorded))[0]!.explained.at(-1)).toBe(
      'CPU time the server used: not recorded (innodb_old_blocks_time=1000) against not recorded (innodb_old_blocks_time=0)',
    );
  });

  it('measures a single query, a side of its own pass, and says what is missing in words', () => {
    const coldOverHot = {
      ...RUN1_RATIO,
      id: 'q11-cold-over-hot',
      sides: [
        { settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' }, pass: 'cold' },
        { settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' } },
      ],
      measure: { kind: 'query-seconds' as const, pass: 'run 1', queries: ['Q1.1'] },
    };
    const run3 = { ...RUN1_RATIO, id: 'run3', measure: { kind: 'query-seconds' as const, pass: 'run 3' } };
    const other = {
      ...RUN1_RATIO,
      id: 'pct',
      sides: [{ settings: { innodb_old_blocks_pct: '5' } }, {}],
    };
    const [a, b, c] = measureReferences(referenceExperiment([coldOverHot, run3, other]));
    expect(a!.measured.map((m) => [m.context, m.measured])).toEqual([['', 2]]);
    expect(b!.measured[0]).toMatchObject({
      measured: null,
      verdict: 'not-measured',
      why: 'Q1.1 has no complete run 3 in MySQL 5.6 · innodb_old_blocks_time=1000 · innodb_flush_method=default',
    });
    expect(c!.measured).toEqual([
      {
        context: '',
        measured: null,
        verdict: 'not-measured',
        why: 'no configuration of this experiment has innodb_old_blocks_pct=5',
        reason: 'no configuration of this experiment has innodb_old_blocks_pct=5',
        sides: [],
        plansDiffer: [],
      },
    ]);
  });

  it("does not pass a subset of the queries off as the source's total of them", () => {
    // The fixture runs Q1.1 and Q1.2; a figure summing three queries is not measured on two of them.
    const total = {
      ...RUN1_RATIO,
      measure: { kind: 'query-seconds' as const, pass: 'run 1', queries: ['Q1.1', 'Q1.2', 'Q3.1'] },
    };
    const [t] = measureReferences(referenceExperiment([total]));
    expect(t!.measured.map((m) => [m.measured, m.verdict, m.why])).toEqual([
      [null, 'not-measured', 'the experiment runs 2 of the 3 queries the figure sums (not Q3.1)'],
      [null, 'not-measured', 'the experiment runs 2 of the 3 queries the figure sums (not Q3.1)'],
    ]);
    // Post 001's totals name all 13, so a preset narrowed to fewer gets no verdict on them (as above).
    const refs = findPreset('old-blocks-time')!.build({
      servers: [{ label: 'MySQL 5.6', profileId: 'p', sandboxId: 's' }],
      schema: 'ssb_sf1',
      dataBytes: 700 * 1024 * 1024,
      queryIds: ['Q1.1'],
    }).references!;
    const run1 = refs.find((f) => f.id === 'post001-old-blocks-run1')!;
    expect(run1.measure).toMatchObject({ queries: THE_13_QUERY_IDS });
  });

  it('names the queries whose plan differs between the two sides, first under the verdict', () => {
    // As MySQL 5.5.34 did after its restart between the settings: Q1.2 driven from dim_date at 0.
    const file = referenceExperiment([RUN1_RATIO]);
    const other = {
      table: [
        { id: 1, select_type: 'SIMPLE', table: 'dim_date', type: 'ALL', key: null, rows: 2556, Extra: '' },
        {
          id: 1,
          select_type: 'SIMPLE',
          table: 'lineorder',
          type: 'ref',
          key: 'LO_OrderDateKey',
          rows: 123,
          Extra: '',
        },
      ],
      json: null,
    };
    const changed = {
      ...file,
      results: file.results.map((r) =>
        r.cell.includes('innodb_old_blocks_time=0 · innodb_flush_method=default') && r.run.queryId === 'Q1.2'
          ? { ...r, run: { ...r.run, explain: other } }
          : r,
      ),
    };
    const [run1] = measureReferences(changed);
    expect(run1!.measured.map((m) => m.plansDiffer)).toEqual([['Q1.2'], []]);
    const rows = verdictRows([run1!]);
    expect(rows[0]!.explained[0]).toBe(
      'Q1.2 ran different plans on the two sides (EXPLAIN): its seconds and pages compare plans, not only the settings',
    );
    expect(rows[1]!.explained[0]).toMatch(/^14\.0 s \(innodb_old_blocks_time=1000\)/);
    // The same plans on both sides (the fixture's own): nothing said.
    expect(measureReferences(file)[0]!.measured.map((m) => m.plansDiffer)).toEqual([[], []]);
  });

  it("measures post 002's cost from a load's QPS, the median of its repeats, OFF over ON", () => {
    const definition = ExperimentDefinitionSchema.parse({
      name: 'ps',
      schema: 'sbtest',
      queries: [],
      servers: [{ label: 'MySQL 5.6', profileId: 'p', sandboxId: 's' }],
      matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
      protocol: { cold: false, hotRuns: 1, repeats: 2 },
      loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 5 }],
      references: post002Figures(),
    });
    const record = (ps: string, repeat: number, at1: number, at64: number) => ({
      planIndex: 0,
      cell: `MySQL 5.6 · performance_schema=${ps}`,
      step: 0,
      repeat,
      loadFile: null,
      readBack: {},
      dataBytes: null,
      poolBytes: null,
      result: {
        ...result([step(1, at1, 1), step(64, at64, 9)]),
        server: { profileId: 'p', version: '5.6.14', where: '127.0.0.1:3306' },
      },
    });
    const file: Pick<ExperimentFile, 'definition' | 'servers' | 'results' | 'loads'> = {
      definition,
      servers: [{ label: 'MySQL 5.6', capabilities: null }],
      results: [],
      loads: [
        record('ON', 1, 1000, 5000),
        record('OFF', 1, 1040, 6000),
        record('OFF', 2, 1060, 6000),
        record('ON', 2, 1000, 5000),
      ],
    };
    const rows = verdictRows(measureReferences(file));
    // At 1 thread: 1050 / 1000 − 1 = 5% against 7.5%; at 64: 6000 / 5000 − 1 = 20% against 13%.
    expect(rows.slice(0, 2).map((r) => [r.measured, r.words])).toEqual([
      ['5.0%', 'same direction, smaller'],
      ['20%', 'same direction, larger'],
    ]);
    // 5.5 against 5.6 needs a 5.5 server: said, not guessed.
    expect(rows[2]!.measured).toMatch(
      /^not measured: no configuration of this experiment has version 5\.5 · performance_schema=OFF$/,
    );
  });
});

describe('the verdicts in words', () => {
  const rows = verdictRows(measureReferences(referenceExperiment([RUN1_RATIO])));

  it('gives a direction-only figure as the side of no effect the source saw, never a size', () => {
    const slower = {
      ...RUN1_RATIO,
      id: 'cold-slower',
      value: 1.1,
      directionOnly: true,
      measure: { kind: 'query-seconds' as const, pass: 'cold' },
    };
    const [page, direct] = verdictRows(measureReferences(referenceExperiment([slower])));
    // Cold through the page cache: (6 + 4) / (5.5 + 4) = 1.05×; with O_DIRECT 14 / 14 = 1.00×, no effect.
    expect([page!.published, page!.measured, page!.words]).toEqual([
      'above 1.00×',
      '1.05×',
      'same direction (the source gives the direction only)',
    ]);
    expect([direct!.measured, direct!.words]).toEqual(['1.00×', 'opposite']);
  });

  it('heads with a count of each verdict', () => {
    expect(verdictsHeadline(rows)).toBe(
      "Published figures against bplab's: 1 of 2 reproduced (within 10%); 1 same direction, smaller.",
    );
    expect(verdictsHeadline([])).toBe('No published figures in this experiment.');
  });

  it('counts the figures measured, and folds those not measured into one line with their reasons', () => {
    // Post 001's preset cut to two of its 13 queries: its totals are not measured, run 1 of the two is.
    const totals = ['cold', 'run 1', 'run 2', 'run 3'].map((pass) => ({
      ...RUN1_RATIO,
      id: `total-${pass.replace(' ', '')}`,
      label: `13-query total, ${pass}: 1000 over 0`,
      measure: { kind: 'query-seconds' as const, pass, queries: THE_13_QUERY_IDS },
    }));
    const all = verdictRows(measureReferences(referenceExperiment([...totals, RUN1_RATIO])));
    expect(all).toHaveLength(10);
    expect(verdictsHeadline(all)).toBe(
      "Published figures against bplab's: 1 of 2 reproduced (within 10%); 1 same direction, smaller.",
    );
    expect(unmeasuredLine(all)).toBe(
      '8 of 10 published figures not measured: the experiment runs 2 of the 13 queries the figure sums.',
    );
    const { measured, unmeasured } = splitVerdicts(all);
    expect(measured.map((r) => r.label)).toEqual(['run 1: 1000 over 0', 'run 1: 1000 over 0']);
    expect(unmeasured).toHaveLength(8);
    // Each still says in full why, in its own row, on demand.
    expect(unmeasured[0]!.measured).toMatch(
      /^not measured: the experiment runs 2 of the 13 queries the figure sums \(not Q1\.3, Q2\.1, /,
    );
    expect(unmeasuredLine(rows)).toBeNull();
    expect(verdictsHeadline(unmeasured)).toBe("Published figures against bplab's: none of 8 measured.");
  });

  it('puts the published figure beside the measured one, its source, and the counters under the verdict', () => {
    expect(rows[0]).toMatchObject({
      label: 'run 1: 1000 over 0',
      context: 'innodb_flush_method=default',
      published: '1.81×',
      measured: '1.22×',
      words: 'same direction, smaller',
      source: 'post 001, its table',
      explained: [
        '5.50 s (innodb_old_blocks_time=1000) against 4.50 s (innodb_old_blocks_time=0)',
        'pages read into the pool (Innodb_pages_read): 30,000 (innodb_old_blocks_time=1000) against 20,000 (innodb_old_blocks_time=0)',
        'pages not made young: 2,000 (innodb_old_blocks_time=1000) against 0 (innodb_old_blocks_time=0)',
      ],
    });
    const table = verdictsTable(rows);
    expect(table.columns.map((c) => c.label)).toEqual([
      'Figure',
      'Configuration',
      'Published',
      'Measured',
      'Verdict',
      'Explained by',
      'Source',
    ]);
    expect(table.rows[1]!.map((c) => c.text).slice(0, 5)).toEqual([
      'run 1: 1000 over 0',
      'innodb_flush_method=O_DIRECT',
      '1.81×',
      '1.75×',
      'reproduced (within 10%)',
    ]);
  });
});

describe("post 004's shape on its preset's own configurations", () => {
  it('measures scaling as one side’s clients over the other’s, and says a 4.0 server is missing', () => {
    const definition = findPreset('post004-point-selects')!.build({
      servers: [{ label: 'MySQL 5.6', profileId: 'p', sandboxId: 's' }],
      schema: 'sbtest',
      dataBytes: 0,
      queryIds: [],
    });
    const cells = expandCells(definition);
    const qps = (cached: boolean, clients: number) => (cached ? 1000 : 400) * Math.min(clients, 4);
    const loads = cells.flatMap((cell, c) =>
      definition.loads!.map((load, stepIndex) => ({
        planIndex: c * 2 + stepIndex,
        cell: cell.key,
        step: stepIndex,
        loadFile: null,
        readBack: {},
        dataBytes: null,
        poolBytes: null,
        result: {
          ...result(load.clients.map((n) => step(n, qps(c === 0, n), 1))),
          server: { profileId: 'p', version: '5.6.14', where: '127.0.0.1:3306' },
        },
      })),
    );
    const rows = verdictRows(
      measureReferences({
        definition,
        servers: [{ label: 'MySQL 5.6', capabilities: null }],
        results: [],
        loads,
      }),
    );
    const row = (id: string) => rows.find((r) => r.figureId === id)!;
    // IO-bound, 1 table: 1,600 QPS at 32 clients (4 × 400, flat past 4) over 400 at 1: 4× against the post's 28.6×.
    expect(row('post004-io-1table-scaling')).toMatchObject({
      // The flush method goes with the pool it is paired with: no configuration of its own.
      context: '',
      published: '28.6×',
      measured: '4.0×',
      words: 'same direction, smaller',
    });
    // Cached over IO-bound at 256 clients on 8 tables: 4,000 / 1,600 = 2.5× against 3.12×.
    expect(row('post004-cached-over-io-8tables')).toMatchObject({
      measured: '2.5×',
      words: 'same direction, smaller',
    });
    expect(row('post004-40-io-collapse').measured).toMatch(
      /^not measured: no configuration of this experiment has version 4\.0 /,
    );
  });
});
