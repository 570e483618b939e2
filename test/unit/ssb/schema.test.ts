import { describe, expect, it } from 'vitest';
import {
  SSB_SCHEMA_TABLES,
  addKeysSql,
  createTableSql,
  disableKeysSql,
  keysBuiltBy,
  quoteIdent,
  validateSchemaName,
} from '../../../src/main/ssb/schema';
import type { SsbTable } from '../../../src/shared/datasets/datasets';
import { seedTables } from '../../integration/ssb-seed-ddl';
import { failureOfCall } from '../../support/failures';

const opts = { schema: 'ssb', engine: 'InnoDB' as const, lineorderPk: false };

/** The column definitions between the parentheses of a CREATE TABLE. */
function columnsOf(sql: string): string[] {
  const body = sql.slice(sql.indexOf('(\n') + 2, sql.lastIndexOf('\n)'));
  return body.split(',\n').map((l) => l.trim());
}

describe('SSB schema', () => {
  const seed = seedTables();

  it('has the seed tables, in the seed order', () => {
    expect(seed.map((t) => t.name)).toEqual([...SSB_SCHEMA_TABLES]);
  });

  it.each(seed.map((t) => [t.name, t] as const))(
    '%s: CREATE TABLE has the seed columns, no secondary key',
    (name, t) => {
      const sql = createTableSql(name as SsbTable, opts);
      expect(columnsOf(sql)).toEqual(t.columns);
      expect(sql).not.toMatch(/\bKEY\s*\(/);
      expect(sql).toContain('ENGINE=InnoDB');
    },
  );

  it.each(seed.map((t) => [t.name, t] as const))(
    '%s: one ALTER TABLE adds exactly the seed keys',
    (name, t) => {
      const sql = addKeysSql(name as SsbTable, opts);
      if (t.keys.length === 0) return expect(sql).toBeNull();
      expect(sql).toMatch(/^ALTER TABLE `ssb`\.`\w+` ADD KEY/);
      const keys = [...sql!.matchAll(/ADD KEY \(([^)]*)\)/g)].map((m) => m[1]!.split(', '));
      expect(keys).toEqual(t.keys);
    },
  );

  it('gives lineorder no primary key by default, and (LO_OrderKey, LO_LineNumber) in the PK variant', () => {
    expect(createTableSql('lineorder', opts)).not.toMatch(/primary key/i);
    const pk = createTableSql('lineorder', { ...opts, lineorderPk: true });
    expect(pk).toContain('PRIMARY KEY (LO_OrderKey, LO_LineNumber)');
    // The seed's secondary key on the same columns would duplicate the primary key.
    const keys = addKeysSql('lineorder', { ...opts, lineorderPk: true })!;
    expect(keys).not.toContain('ADD KEY (LO_OrderKey, LO_LineNumber)');
    expect(keys).toContain('ADD KEY (LO_CustKey)');
  });

  it('writes the engine the user chose', () => {
    for (const t of SSB_SCHEMA_TABLES)
      expect(createTableSql(t, { ...opts, engine: 'MyISAM' })).toMatch(
        /ENGINE=MyISAM DEFAULT CHARSET=latin1$/,
      );
  });

  it("builds MyISAM's keys as post 003 did: created with the table, disabled for the load, enabled after", () => {
    const my = { ...opts, engine: 'MyISAM' as const };
    const create = createTableSql('lineorder', my);
    expect(create).toContain('  KEY (LO_CustKey)');
    expect(create).toContain('  KEY (LO_OrderDateKey)');
    expect(disableKeysSql('lineorder', my)).toBe(`ALTER TABLE \`${opts.schema}\`.\`lineorder\` DISABLE KEYS`);
    expect(addKeysSql('lineorder', my)).toBe(`ALTER TABLE \`${opts.schema}\`.\`lineorder\` ENABLE KEYS`);
    // dim_date has no secondary key: nothing to disable or build.
    expect(disableKeysSql('dim_date', my)).toBeNull();
    expect(addKeysSql('dim_date', my)).toBeNull();
    // InnoDB: no keys in CREATE TABLE, nothing disabled, ADD KEY after the load.
    expect(createTableSql('lineorder', opts)).not.toContain('  KEY (');
    expect(disableKeysSql('lineorder', opts)).toBeNull();
    expect(keysBuiltBy('MyISAM')).toBe('disable-enable-keys');
    expect(keysBuiltBy('InnoDB')).toBe('alter-add-keys');
  });

  it('quotes a schema name with backticks, doubling the ones inside', () => {
    expect(quoteIdent('ssb')).toBe('`ssb`');
    expect(quoteIdent('a`b')).toBe('`a``b`');
    expect(quoteIdent('x`; DROP DATABASE mysql; --')).toBe('`x``; DROP DATABASE mysql; --`');
    const sql = createTableSql('customer', { ...opts, schema: 'we`ird' });
    expect(sql.startsWith('CREATE TABLE `we``ird`.`customer` (')).toBe(true);
  });

  it('accepts names up to 64 characters, rejects empty, longer and system names in words', () => {
    expect(validateSchemaName('x'.repeat(64))).toBe('x'.repeat(64));
    expect(validateSchemaName('ssb sf1 é')).toBe('ssb sf1 é');
    expect(failureOfCall(() => validateSchemaName('')).error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const long = failureOfCall(() => validateSchemaName('x'.repeat(65))).error;
    expect(long.code).toBe('INVALID_ARGUMENT');
    expect(long.message).toContain('65');
    expect(long.message).toContain('64');
    expect(failureOfCall(() => validateSchemaName('ssb ')).error.message).toMatch(/ends with a space/);
    expect(failureOfCall(() => validateSchemaName('a\0b')).error.code).toBe('INVALID_ARGUMENT');
    expect(failureOfCall(() => validateSchemaName('mysql')).error.code).toBe('INVALID_ARGUMENT');
    expect(failureOfCall(() => validateSchemaName('INFORMATION_SCHEMA')).error.code).toBe('INVALID_ARGUMENT');
  });
});
