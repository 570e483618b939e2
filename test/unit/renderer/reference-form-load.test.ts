/**
 * The reference form on an experiment of load sweeps (post 002's shape: MySQL 5.5 and 5.6, each with
 * performance_schema ON and OFF, 1 and 64 clients): a ratio or % change between two configurations'
 * QPS at a client count picked, the same figure the file format and `bplab compare --reference` hold
 * (a load-qps measure with two sides), judged at once; its problems in words under their fields.
 */
import { describe, expect, it } from 'vitest';
import { measureReferences } from '../../../src/shared/compare/reference-verdicts';
import { verdictRows } from '../../../src/shared/compare/reference-tables';
import type { ExperimentFile } from '../../../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema } from '../../../src/shared/experiments/experiments';
import {
  emptyReferenceForm,
  figureFromForm,
  fromEarlier,
  referenceChoices,
  type ReferenceForm,
} from '../../../src/renderer/features/compare/utils/reference-form';
import { result, step } from '../../support/load-fixture';

const definition = ExperimentDefinitionSchema.parse({
  name: 'post 002 at 5.5 and 5.6',
  schema: 'sbtest',
  queries: [],
  servers: [
    { label: 'MySQL 5.5', profileId: 'p55', sandboxId: 's55' },
    { label: 'MySQL 5.6', profileId: 'p56', sandboxId: 's56' },
  ],
  matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
  protocol: { cold: false, hotRuns: 1 },
  loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 5 }],
});

/** QPS at 1 and 64 clients, by hand: 5.6 OFF over ON is 1.2× at 64 clients, 5.5 OFF over 5.6 OFF 1.5×. */
const QPS: Record<string, [number, number]> = {
  'MySQL 5.5 · performance_schema=ON': [1100, 8000],
  'MySQL 5.5 · performance_schema=OFF': [1150, 9000],
  'MySQL 5.6 · performance_schema=ON': [1000, 5000],
  'MySQL 5.6 · performance_schema=OFF': [1040, 6000],
};

const file: Pick<ExperimentFile, 'definition' | 'servers' | 'results' | 'loads'> & { savedAt: string } = {
  definition,
  savedAt: '2026-11-26T10:00:00Z',
  servers: definition.servers.map((s) => ({ label: s.label, capabilities: null })),
  results: [],
  loads: Object.entries(QPS).map(([cell, [at1, at64]], planIndex) => ({
    planIndex,
    cell,
    step: 0,
    loadFile: null,
    readBack: {},
    dataBytes: null,
    poolBytes: null,
    result: result([step(1, at1, 1), step(64, at64, 9)]),
  })),
};

/** A vendor's claim: 5.6 with performance_schema OFF over ON at 64 clients, 13% faster. */
const vendor = (patch: Partial<ReferenceForm> = {}): ReferenceForm => ({
  ...emptyReferenceForm(referenceChoices(definition)),
  kind: 'load-ratio',
  side: 'MySQL 5.6 · performance_schema=OFF',
  other: 'MySQL 5.6 · performance_schema=ON',
  step: '0',
  clients: '64',
  value: '13',
  unit: '%',
  source: 'vendor’s tuning guide',
  ...patch,
});

/** Zod's own words ("Invalid input", "Expected number"...) never reach the form. */
const VALIDATOR_WORDS = /invalid|expected|received|too_small|nan/i;

describe("the reference form's ratio between two load QPS figures", () => {
  it('is offered where the experiment has load steps and two configurations or more', () => {
    expect(referenceChoices(definition).kinds.map((k) => k.label)).toEqual([
      "a load's QPS at some clients",
      "a ratio between two configurations' load QPS",
    ]);
    const one = { ...definition, servers: [definition.servers[0]!], matrix: [] };
    expect(referenceChoices(one).kinds.map((k) => k.id)).toEqual(['load-qps']);
  });

  it('makes the figure the file format holds, judged at once against the sweeps', () => {
    const made = figureFromForm(vendor(), definition, '2026-11-27');
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.figure).toMatchObject({
      label:
        'QPS at 64 clients, read-only: MySQL 5.6 · performance_schema=OFF against MySQL 5.6 · performance_schema=ON',
      value: 13,
      unit: '%',
      measure: { kind: 'load-qps', step: 0, clients: 64 },
      sides: [
        { server: 'MySQL 5.6', settings: { performance_schema: 'OFF' } },
        { server: 'MySQL 5.6', settings: { performance_schema: 'ON' } },
      ],
      citation: { source: 'vendor’s tuning guide', where: 'added on 2026-11-27' },
    });
    // 6,000 / 5,000 QPS − 1 = 20% against the vendor's 13%.
    const [row] = verdictRows(measureReferences(file, [made.figure]));
    expect([row!.published, row!.measured, row!.words]).toEqual(['13%', '20%', 'same direction, larger']);
  });

  it('takes a ratio (×) across servers at 1 client, named by what it measures', () => {
    const made = figureFromForm(
      vendor({
        side: 'MySQL 5.5 · performance_schema=OFF',
        other: 'MySQL 5.6 · performance_schema=OFF',
        clients: '1',
        unit: 'ratio',
        value: '1.1',
      }),
      definition,
      'd',
    );
    expect(made.ok && made.figure.label).toBe(
      'QPS at 1 client, read-only: MySQL 5.5 · performance_schema=OFF over MySQL 5.6 · performance_schema=OFF',
    );
    // 1,150 / 1,040 = 1.106× against 1.1×.
    const [row] = verdictRows(measureReferences(file, [made.ok ? made.figure : null!]));
    expect([row!.measured, row!.words]).toEqual(['1.11×', 'reproduced (within 10%)']);
  });

  it('says each problem in words under its field', () => {
    const bad = figureFromForm(
      vendor({ other: 'MySQL 5.6 · performance_schema=OFF', clients: '8', value: '13 %' }),
      definition,
      'd',
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        other: 'pick a second configuration, not the first one again',
        clients: 'one of this load step’s client counts',
        value: 'a number, such as 1.8 or 92301 (a dot before the decimals, no unit or thousands commas)',
      },
    });
    const zero = figureFromForm(vendor({ unit: 'ratio', value: '0' }), definition, 'd');
    expect(!zero.ok && zero.errors.value).toBe('more than 0: a time, a QPS or a ratio is never 0 or below');
    // A % change may be below 0 (ON faster than OFF on a noisy machine).
    expect(figureFromForm(vendor({ value: '-4' }), definition, 'd').ok).toBe(true);
    for (const check of [bad, zero])
      for (const words of Object.values(check.ok ? {} : check.errors))
        expect(words).not.toMatch(VALIDATOR_WORDS);
  });

  it("takes an earlier result's ratio, measured the same way, as the value", () => {
    const taken = fromEarlier(vendor({ value: '' }), definition, {
      file: '/data/nov-26.bplab.json',
      experiment: file,
    });
    expect(taken.ok && taken.patch.value).toBe('20');
    expect(taken.ok && taken.patch.source).toBe('earlier result nov-26');
  });
});
