import { describe, expect, it } from 'vitest';
import {
  emptyDatasetForm,
  requestFromForm,
  schemaPlaceholder,
  takenSchemas,
  type DatasetForm,
} from '../../../src/renderer/features/datasets/utils/dataset-form';

const form = (patch: Partial<DatasetForm>): DatasetForm => ({ ...emptyDatasetForm(), ...patch });

describe('dataset form', () => {
  it('generates SF 1 with seed 1 into ssb_sf1 by default', () => {
    expect(requestFromForm(form({}))).toEqual({
      ok: true,
      kind: 'generate',
      spec: {
        schema: 'ssb_sf1',
        sf: 1,
        seed: 1,
        mode: 'dbgen',
        engine: 'InnoDB',
        lineorderPk: false,
        replace: false,
      },
    });
    expect(requestFromForm(form({ rows: 'spec' }))).toMatchObject({ ok: true, spec: { mode: 'spec' } });
  });

  it('names a fractional scale factor’s schema with underscores, and keeps a typed name', () => {
    expect(schemaPlaceholder(form({ sf: '0.01' }))).toBe('ssb_sf0_01');
    const r = requestFromForm(form({ sf: '0.01', schema: ' my ssb ', engine: 'MyISAM', lineorderPk: true }));
    expect(r).toMatchObject({
      ok: true,
      spec: { schema: 'my ssb', sf: 0.01, engine: 'MyISAM', lineorderPk: true },
    });
  });

  it('puts each problem under its field, in words', () => {
    const r = requestFromForm(form({ sf: 'ten', seed: '1.5' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.sf).toBe('a scale factor above 0, such as 1 or 0.01');
    expect(r.errors.seed).toBe('a whole number from 0 to 2147483647');
    // Too large for a number, or for the generator: said in words, not the generic message or zod's.
    const huge = requestFromForm(form({ sf: '1e400', seed: '1e400' }));
    expect(huge.ok ? null : huge.errors.sf).toBe(
      '1e400 is too large to be a number: a scale factor is a finite number above 0, at most 1000',
    );
    expect(huge.ok ? null : huge.errors.seed).toBe(
      '1e400 is too large to be a number: a seed is a whole number from 0 to 2147483647',
    );
    const big = requestFromForm(form({ sf: '5000' }));
    expect(big.ok ? null : big.errors.sf).toBe(
      '5000 is more than 1000: bplab generates scale factors up to 1000 (SF 1 is 6 million lineorder rows)',
    );
    const zero = requestFromForm(form({ sf: '0' }));
    expect(zero.ok ? null : zero.errors.sf).toBe('the scale factor must be above 0');
    const long = requestFromForm(form({ schema: 'x'.repeat(65) }));
    expect(long.ok ? null : long.errors.schema).toBe('MySQL allows at most 64 characters');
  });

  it('imports from a folder, naming the schema after it, and asks for the folder', () => {
    expect(schemaPlaceholder(form({ mode: 'import', dir: '/data/SSB sf1/' }))).toBe('ssb_ssb_sf1');
    expect(requestFromForm(form({ mode: 'import', dir: '/data/ssb1' }))).toEqual({
      ok: true,
      kind: 'import',
      spec: { schema: 'ssb_ssb1', dir: '/data/ssb1', engine: 'InnoDB', lineorderPk: false, replace: false },
    });
    const missing = requestFromForm(form({ mode: 'import', dir: ' ' }));
    expect(missing.ok ? null : missing.errors.dir).toMatch(/folder holding dbgen’s \.tbl files/);
  });
});

describe('dataset form: a free schema name', () => {
  it('suggests a name the server does not have yet (it suggested ssb_sf0_1 beside ssb_sf0_1)', () => {
    const taken = ['ssb_sf0_1', 'sbtest'];
    expect(schemaPlaceholder(form({ sf: '0.1' }), taken)).toBe('ssb_sf0_1_innodb');
    expect(schemaPlaceholder(form({ sf: '0.1', engine: 'MyISAM' }), taken)).toBe('ssb_sf0_1_myisam');
    expect(schemaPlaceholder(form({ sf: '0.1', engine: 'MyISAM' }), [...taken, 'ssb_sf0_1_myisam'])).toBe(
      'ssb_sf0_1_myisam_2',
    );
    expect(requestFromForm(form({ sf: '0.1' }), taken)).toMatchObject({
      ok: true,
      spec: { schema: 'ssb_sf0_1_innodb' },
    });
    // Replacing asks for the name itself.
    expect(schemaPlaceholder(form({ sf: '0.1', replace: true }), taken)).toBe('ssb_sf0_1');
    expect(takenSchemas({ datasets: [{ schema: 'ssb_sf1' }], oltp: [{ schema: 'sbtest' }] })).toEqual([
      'ssb_sf1',
      'sbtest',
    ]);
  });
});
