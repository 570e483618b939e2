import { describe, expect, it } from 'vitest';
import { checkReadOnly } from '../../../src/main/queries/read-only';

const refused = (sql: string) => {
  const r = checkReadOnly(sql);
  return r.ok ? null : r.reason;
};

describe('checkReadOnly', () => {
  it('accepts SELECT and WITH ... SELECT, comments and a trailing semicolon', () => {
    expect(checkReadOnly('-- note\nselect 1;')).toEqual({ ok: true, sql: '-- note\nselect 1' });
    expect(checkReadOnly('/* c */ WITH t AS (SELECT 1 AS a) SELECT a FROM t').ok).toBe(true);
    expect(checkReadOnly('(select 1) union (select 2)').ok).toBe(true);
    // Words inside strings, quoted names and comments are not keywords.
    expect(checkReadOnly("select 'delete', `update` from t # into outfile\nwhere a = 'for update'").ok).toBe(
      true,
    );
  });

  it('refuses writes, locks, exports and more than one statement, in words', () => {
    expect(refused('delete from t')).toMatch(/must start with SELECT or WITH, not DELETE/);
    expect(refused('select * from t into outfile "/tmp/x"')).toMatch(/INTO OUTFILE/);
    expect(refused('select * into dumpfile "/tmp/x" from t')).toMatch(/INTO/);
    expect(refused('select * from t for update')).toMatch(/FOR UPDATE/);
    expect(refused('select * from t lock in share mode')).toMatch(/LOCK IN SHARE MODE/);
    expect(refused('select * from t for share')).toMatch(/FOR SHARE/);
    expect(refused('with d as (select 1) delete from t')).toMatch(/DELETE/);
    expect(refused('select 1; drop table t')).toMatch(/one statement/);
    expect(refused('select /*! 1; drop table t */ 1')).toMatch(/Version comments/);
    expect(refused('  -- nothing\n')).toMatch(/empty/);
    expect(refused("select 'open")).toMatch(/never closed/);
  });
});
