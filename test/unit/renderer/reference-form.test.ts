/**
 * The Compare screen's form to add a reference figure: what it offers from the experiment, the figure
 * it makes (judged at once as the posts' figures are), each problem in words under its field (never
 * the validator's), an earlier result's figure taken as the value, and a store that keeps what was
 * typed whatever fails and keeps the figure through main.
 */
import { describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import { measureReferences } from '../../../src/shared/compare/reference-verdicts';
import { verdictRows } from '../../../src/shared/compare/reference-tables';
import type { Result } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import { createReferenceStore } from '../../../src/renderer/features/compare/stores/reference-store';
import type { LoadedResults } from '../../../src/renderer/features/compare/utils/compare-view';
import {
  emptyReferenceForm,
  figureFromForm,
  fromEarlier,
  referenceChoices,
  type ReferenceForm,
} from '../../../src/renderer/features/compare/utils/reference-form';
import { referenceExperiment } from '../../support/reference-fixture';

const experiment = referenceExperiment([]);
const def = experiment.definition;
const ON_1000 = 'MySQL 5.6 · innodb_old_blocks_time=1000 · innodb_flush_method=default';
const ON_0 = 'MySQL 5.6 · innodb_old_blocks_time=0 · innodb_flush_method=default';

/** A vendor's claim: run 1 at 1000 over 0, through the page cache, 1.5×. */
const vendor = (patch: Partial<ReferenceForm> = {}): ReferenceForm => ({
  ...emptyReferenceForm(referenceChoices(def)),
  kind: 'ratio',
  side: ON_1000,
  other: ON_0,
  pass: 'run 1',
  value: '1.5',
  unit: 'ratio',
  source: 'vendor’s tuning guide',
  ...patch,
});

/** Zod's own words ("Invalid input", "Expected number"...) never reach the form. */
const VALIDATOR_WORDS = /invalid|expected|received|too_small|nan/i;

describe('the reference figure form', () => {
  it('offers the figures the experiment has: its kinds, configurations, passes and queries', () => {
    const c = referenceChoices(def);
    expect(c.kinds.map((k) => k.label)).toEqual([
      "a query's time at one configuration",
      'a ratio between two configurations',
    ]);
    expect(c.configurations.map((x) => x.label)).toEqual([
      'innodb_old_blocks_time=1000 · innodb_flush_method=default',
      'innodb_old_blocks_time=1000 · innodb_flush_method=O_DIRECT',
      'innodb_old_blocks_time=0 · innodb_flush_method=default',
      'innodb_old_blocks_time=0 · innodb_flush_method=O_DIRECT',
    ]);
    expect(c.passes).toEqual(['cold', 'run 1']);
    expect(c.queries.map((q) => q.id)).toEqual(['', 'Q1.1', 'Q1.2']);
    expect(emptyReferenceForm(c)).toMatchObject({
      kind: 'query-seconds',
      pass: 'run 1',
      unit: 's',
      value: '',
    });
  });

  it('names configurations by the settings that vary, as their sides pin them', () => {
    const pool = {
      ...def,
      matrix: [
        { kind: 'buffer-pool-size' as const, variable: 'innodb_buffer_pool_size', values: ['32M'] },
        ...def.matrix,
      ],
    };
    const c = referenceChoices(pool);
    expect(c.configurations[0]).toEqual({
      key: 'MySQL 5.6 · innodb_buffer_pool_size=32M · innodb_old_blocks_time=1000 · innodb_flush_method=default',
      label: 'innodb_old_blocks_time=1000 · innodb_flush_method=default',
    });
    const made = figureFromForm(
      vendor({ kind: 'query-seconds', unit: 's', side: c.configurations[0]!.key }),
      pool,
      'd',
    );
    expect(made.ok && made.figure.sides).toEqual([
      { settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' } },
    ]);
  });

  it("makes a vendor's ratio the experiment judges at once, beside what it measured", () => {
    const made = figureFromForm(vendor(), def, '2026-11-27');
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.figure).toMatchObject({
      label:
        'every query, run 1: innodb_old_blocks_time=1000 · innodb_flush_method=default over innodb_old_blocks_time=0 · innodb_flush_method=default',
      value: 1.5,
      unit: 'ratio',
      measure: { kind: 'query-seconds', pass: 'run 1' },
      sides: [
        { settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' } },
        { settings: { innodb_old_blocks_time: '0', innodb_flush_method: 'default' } },
      ],
      citation: { source: 'vendor’s tuning guide', where: 'added on 2026-11-27' },
    });
    expect(made.figure.id).toMatch(/^added-every-query-run-1-/);
    // Run 1 through the page cache: (3 + 2.5) / (2.5 + 2) = 1.22× against the vendor's 1.5×.
    const [row] = verdictRows(measureReferences(experiment, [made.figure]));
    expect([row!.published, row!.measured, row!.words]).toEqual([
      '1.50×',
      '1.22×',
      'same direction, smaller',
    ]);
  });

  it("makes one query's seconds at one configuration, named as typed, cited where typed", () => {
    const made = figureFromForm(
      vendor({
        kind: 'query-seconds',
        query: 'Q1.1',
        pass: 'cold',
        unit: 's',
        value: '6.2',
        label: 'Q1.1 cold on their box',
        where: 'page 4',
      }),
      def,
      '2026-11-27',
    );
    expect(made.ok && made.figure).toMatchObject({
      id: 'added-q1-1-cold-on-their-box',
      sides: [{ settings: { innodb_old_blocks_time: '1000', innodb_flush_method: 'default' } }],
      measure: { kind: 'query-seconds', pass: 'cold', queries: ['Q1.1'] },
      citation: { where: 'page 4' },
    });
    // Q1.1 cold at 1000 through the page cache took 6 s: within 10% of 6.2 s.
    const [row] = verdictRows(measureReferences(experiment, [made.ok ? made.figure : null!]));
    expect(row!.words).toBe('reproduced (within 10%)');
  });

  it('says each problem in words under its field', () => {
    const bad = figureFromForm(vendor({ value: '1,5x', source: '  ', other: ON_1000 }), def, '2026-11-27');
    expect(bad).toEqual({
      ok: false,
      errors: {
        value: 'a number, such as 1.8 or 92301 (a dot before the decimals, no unit or thousands commas)',
        source: 'say where the figure comes from: a vendor’s page, an earlier run of yours…',
        other: 'pick a second configuration, not the first one again',
      },
    });
    const blank = figureFromForm(vendor({ value: '' }), def, 'd');
    expect(!blank.ok && blank.errors.value).toMatch(/^a number, such as 1\.8/);
    const zero = figureFromForm(vendor({ value: '0' }), def, 'd');
    expect(!zero.ok && zero.errors.value).toBe('more than 0: a time, a QPS or a ratio is never 0 or below');
    // A change in % may be below 0 (faster); a name too long is said, not zod's words.
    expect(figureFromForm(vendor({ value: '-12.5', unit: '%' }), def, 'd').ok).toBe(true);
    const long = figureFromForm(vendor({ label: 'x'.repeat(201) }), def, 'd');
    expect(long).toEqual({ ok: false, errors: { label: 'a name of 200 characters at most' } });
    for (const check of [bad, zero, long])
      for (const words of Object.values(check.ok ? {} : check.errors))
        expect(words).not.toMatch(VALIDATOR_WORDS);
  });

  it("takes an earlier result's figure, measured the same way, as the value", () => {
    const earlier = { file: '/data/may-12.bplab.json', experiment: referenceExperiment([]) };
    const taken = fromEarlier(vendor({ value: '' }), def, earlier);
    // Run 1 through the page cache there: 5.5 / 4.5 s = 1.2222…, to 4 digits.
    expect(taken).toEqual({
      ok: true,
      patch: {
        value: '1.222',
        source: 'earlier result may-12',
        where: 'saved 2026-11-27',
        earlier: '/data/may-12.bplab.json',
      },
    });
    const q12only = referenceExperiment([]);
    q12only.definition = { ...q12only.definition, queries: [{ queryId: 'Q1.2', variant: 'base' }] };
    expect(
      fromEarlier(vendor({ query: 'Q1.1' }), def, { file: '/data/q12.bplab.json', experiment: q12only }),
    ).toEqual({ ok: false, errors: { earlier: 'q12 has no such figure: the experiment runs none of Q1.1' } });
  });
});

describe('the reference figure store', () => {
  const target: LoadedResults = { file: '/data/post001.bplab.json', experiment };

  function store(answer: Result<unknown>) {
    const calls: Array<{ name: string; args: unknown }> = [];
    const reloaded: string[] = [];
    setApi({
      invoke: ((name: string, args: unknown) => {
        calls.push({ name, args });
        return Promise.resolve(answer);
      }) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const s = createReferenceStore({
      source: {
        open: (file) => Promise.resolve({ ok: true, value: { file, experiment: referenceExperiment([]) } }),
        parse: () => Promise.reject(new Error('not dropped')),
      },
      reload: (file) => {
        reloaded.push(file);
        return Promise.resolve();
      },
      today: () => '2026-11-27',
    });
    s.getState().start(target);
    return { s, calls, reloaded };
  }

  it('keeps what was typed on a bad value, says why in words, and sends nothing', async () => {
    const { s, calls } = store({ ok: true, value: { file: target.file, references: 1 } });
    s.getState().change({
      kind: 'ratio',
      side: ON_1000,
      other: ON_0,
      value: '1,5x',
      source: 'vendor, page 4',
    });
    await s.getState().save(target);
    expect(s.getState().errors.value).toMatch(/^a number, such as 1\.8/);
    expect(s.getState().form).toMatchObject({ value: '1,5x', source: 'vendor, page 4', kind: 'ratio' });
    expect(calls).toEqual([]);
    // Typing again clears that field's message only.
    s.getState().change({ value: '1.5' });
    expect(s.getState().errors.value).toBeUndefined();
  });

  it('keeps the figure through main, opens the file again, and says it was added', async () => {
    const { s, calls, reloaded } = store({ ok: true, value: { file: target.file, references: 1 } });
    s.getState().change({ kind: 'ratio', side: ON_1000, other: ON_0, value: '1.5', source: 'vendor' });
    await s.getState().save(target);
    expect(calls.map((c) => c.name)).toEqual(['reports/add-references']);
    const sent = calls[0]!.args as { file: string; figures: Array<{ value: number; citation: unknown }> };
    expect(sent.file).toBe(target.file);
    expect(sent.figures.map((f) => [f.value, f.citation])).toEqual([
      [1.5, { source: 'vendor', where: 'added on 2026-11-27' }],
    ]);
    expect(reloaded).toEqual([target.file]);
    expect(s.getState().added).toMatch(/^every query, run 1: /);
    expect(s.getState().form).toMatchObject({ kind: 'ratio', value: '', source: '' });
  });

  it('keeps what was typed when main cannot write the file, and shows its words', async () => {
    const words =
      'bplab could not write /data/post001.bplab.json: you may not write its folder (permission denied).';
    const { s, reloaded } = store({ ok: false, error: { code: 'INVALID_ARGUMENT', message: words } });
    s.getState().change({ kind: 'ratio', side: ON_1000, other: ON_0, value: '1.5', source: 'vendor' });
    await s.getState().save(target);
    expect(s.getState().error?.message).toBe(words);
    expect(s.getState().form).toMatchObject({ value: '1.5', source: 'vendor' });
    expect(reloaded).toEqual([]);
  });

  it("fills the value from an earlier result's file", async () => {
    const { s } = store({ ok: true, value: null });
    s.getState().change({ kind: 'ratio', side: ON_1000, other: ON_0 });
    await s.getState().takeEarlier(target, '/data/may-12.bplab.json');
    expect(s.getState().form).toMatchObject({ value: '1.222', source: 'earlier result may-12' });
    await s.getState().takeEarlier(target, '  ');
    expect(s.getState().errors.earlier).toBe('give the path of an earlier results file');
  });
});
