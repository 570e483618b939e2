import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryCatalogue } from '../../../src/main/queries/catalogue';
import { failureOfCall } from '../../support/failures';
import { THE_13_QUERY_IDS } from '../../support/ssb-query-ids';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-catalogue-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('QueryCatalogue', () => {
  it('lists the 13 SSB queries by flight with their variants, Q1.x with the dim-first plan', () => {
    const ssb = new QueryCatalogue(dir).list();
    expect(ssb.map((q) => q.id)).toEqual(THE_13_QUERY_IDS);
    expect(ssb[0]).toMatchObject({ flight: 'Flight 1', source: 'ssb' });
    expect(ssb[0]!.variants.map((v) => v.variant)).toEqual(['base', 'straight', 'straight-dim-first']);
    expect(ssb[12]!.variants.map((v) => v.variant)).toEqual(['base', 'straight']);
    expect(ssb[1]!.variants[0]!.sql).toContain('d_yearmonthnum');
  });

  it('saves, updates and deletes a custom query atomically, and resolves its variants', () => {
    const c = new QueryCatalogue(dir);
    const q = c.save({
      title: 'Lineorder by year',
      variants: [
        {
          variant: 'base',
          label: 'plain',
          sql: 'select d_year, count(*) from lineorder join dim_date on lo_orderdatekey = d_datekey group by d_year;',
        },
      ],
    });
    expect(q).toMatchObject({ id: 'custom:lineorder-by-year', flight: 'Custom', source: 'custom' });
    expect(new QueryCatalogue(dir).resolve(q.id, 'base')).toMatchObject({ custom: true });
    expect(c.save({ title: 'Lineorder by year', variants: q.variants }).id).toBe(
      'custom:lineorder-by-year-2',
    );
    c.save({ id: q.id, title: 'Renamed', variants: q.variants });
    expect(c.get(q.id).title).toBe('Renamed');
    c.delete(q.id);
    expect(c.list().some((x) => x.id === q.id)).toBe(false);
    expect(failureOfCall(() => c.delete('Q1.1')).error.message).toMatch(/only your own/);
  });

  it('refuses a write in any variant, and names the variant', () => {
    const f = failureOfCall(() =>
      new QueryCatalogue(dir).save({
        title: 'x',
        variants: [
          { variant: 'base', label: 'ok', sql: 'select 1' },
          { variant: 'evil', label: 'no', sql: 'update lineorder set lo_tax = 0' },
        ],
      }),
    );
    expect(f.error.message).toMatch(/bplab runs only reads\. variant "evil": .*UPDATE/);
  });

  it('reports a damaged file in words and leaves it as it is', () => {
    const file = join(dir, 'queries.json');
    writeFileSync(file, '{ not json');
    const c = new QueryCatalogue(dir);
    expect(failureOfCall(() => c.list()).error.code).toBe('FILE_MALFORMED');
    expect(
      failureOfCall(() =>
        c.save({ title: 't', variants: [{ variant: 'base', label: 'l', sql: 'select 1' }] }),
      ).error.code,
    ).toBe('FILE_MALFORMED');
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
