/** The words the LRU composition gives pages of no table, from what each flavor's lookups answer. */
import { describe, expect, it } from 'vitest';
import { spaceLabel, tablespaceLabel } from '../../../src/main/bufferpool/tablespaces';
import { indexName, shortTable } from '../../../src/shared/runs/lru-diff';
import { NO_TABLE } from '../../../src/shared/runs/runs';

describe('tablespaceLabel', () => {
  it('names MySQL 8.0 INFORMATION_SCHEMA.FILES rows', () => {
    expect(tablespaceLabel('innodb_system', './ibdata1')).toBe('(system)');
    expect(tablespaceLabel('innodb_temporary', './ibtmp1')).toBe('(temporary tablespace)');
    expect(tablespaceLabel('innodb_undo_001', './undo_001')).toBe('(undo 1)');
    expect(tablespaceLabel('innodb_undo_002', './undo_002')).toBe('(undo 2)');
    expect(tablespaceLabel('mysql', './mysql.ibd')).toBe('(data dictionary)');
  });
  it("names MySQL 8.0's session temporary tablespaces by their file", () => {
    expect(tablespaceLabel('', './#innodb_temp/temp_10.ibt')).toBe('(session temporary)');
  });
  it('names a file-per-table space by the table it holds, apart from its rows (5.7 FILES, MariaDB SYS_TABLESPACES)', () => {
    expect(tablespaceLabel('innodb_file_per_table_20', './mysql/engine_cost.ibd')).toBe(
      '(tablespace mysql.engine_cost)',
    );
    expect(tablespaceLabel('mysql/innodb_table_stats')).toBe('(tablespace mysql.innodb_table_stats)');
  });
  it('keeps an unknown name, marked as a tablespace', () => {
    expect(tablespaceLabel('ts1', './ts1.ibd')).toBe('(ts1)');
  });
});

describe('spaceLabel', () => {
  const names = new Map([[4294967279, '(undo 1)']]);
  it('uses the name the server told, then space 0 as the system tablespace, then the id', () => {
    expect(spaceLabel(names, 4294967279)).toBe('(undo 1)');
    expect(spaceLabel(names, 0)).toBe('(system)');
    expect(spaceLabel(names, 77)).toBe('(tablespace 77)');
  });
  it('keeps "(no table)" for a page whose space the walk did not give', () => {
    expect(spaceLabel(names, null)).toBe(NO_TABLE);
  });
});

describe('the words a comparison gives tablespace labels', () => {
  it('keeps a tablespace label whole, without its schema', () => {
    expect(shortTable('(undo 1)')).toBe('(undo 1)');
    expect(shortTable('(temporary tablespace)')).toBe('(temporary tablespace)');
    expect(shortTable('(tablespace ssb_sf1.lineorder)')).toBe('(tablespace lineorder)');
    expect(indexName('(undo 2)', '(none)')).toBe('(undo 2)');
    expect(shortTable('ssb_sf1.lineorder')).toBe('lineorder');
  });
});
