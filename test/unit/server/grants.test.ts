import { describe, expect, it } from 'vitest';
import {
  databasesWith,
  hasGlobal,
  hasOnDatabase,
  hasOnTable,
  matchesPattern,
  parseGrants,
} from '../../../src/main/server/grants';

describe('parseGrants', () => {
  it('reads ALL PRIVILEGES on *.* (MySQL 5.7, MariaDB)', () => {
    const g = parseGrants([
      "GRANT ALL PRIVILEGES ON *.* TO 'root'@'localhost' WITH GRANT OPTION",
      "GRANT PROXY ON ''@'' TO 'root'@'localhost' WITH GRANT OPTION",
    ]);
    expect(g).toHaveLength(1);
    expect(hasGlobal(g, 'PROCESS')).toBe(true);
    expect(hasGlobal(g, 'SUPER', 'SYSTEM_VARIABLES_ADMIN')).toBe(true);
    expect(hasOnTable(g, 'UPDATE', 'performance_schema', 'setup_consumers')).toBe(true);
  });

  it('reads MySQL 8 static and dynamic privilege lines', () => {
    const g = parseGrants([
      'GRANT SELECT, RELOAD, PROCESS ON *.* TO `ops`@`%`',
      'GRANT BACKUP_ADMIN,SYSTEM_VARIABLES_ADMIN ON *.* TO `ops`@`%`',
    ]);
    expect(hasGlobal(g, 'PROCESS')).toBe(true);
    expect(hasGlobal(g, 'SUPER', 'SYSTEM_VARIABLES_ADMIN')).toBe(true);
    expect(hasGlobal(g, 'SHUTDOWN')).toBe(false);
    expect(hasGlobal(g, 'FILE')).toBe(false);
  });

  it('keeps database and table scopes apart from global ones', () => {
    const g = parseGrants([
      "GRANT USAGE ON *.* TO `low`@`localhost` IDENTIFIED BY PASSWORD '*ABC'",
      'GRANT SELECT, CREATE, DROP ON `ssb\\_%`.* TO `low`@`localhost`',
      'GRANT UPDATE ON `performance_schema`.`setup_instruments` TO `low`@`localhost`',
      'GRANT SELECT (`a`, `b`), INSERT ON `x`.`t` TO `low`@`localhost`',
      'GRANT `analyst`@`%` TO `low`@`localhost`',
    ]);
    expect(hasGlobal(g, 'SELECT')).toBe(false);
    expect(hasOnDatabase(g, 'SELECT', 'ssb_sf1')).toBe(true);
    expect(hasOnDatabase(g, 'SELECT', 'ssbXsf1')).toBe(false);
    expect(databasesWith(g, 'CREATE')).toEqual(['ssb\\_%']);
    expect(hasOnTable(g, 'UPDATE', 'performance_schema', 'setup_instruments')).toBe(true);
    expect(hasOnTable(g, 'UPDATE', 'performance_schema', 'setup_consumers')).toBe(false);
    expect(hasOnTable(g, 'SELECT', 'x', 't')).toBe(true);
    expect(hasOnTable(g, 'INSERT', 'x', 't')).toBe(true);
  });

  it('handles quoted names with dots and doubled quotes', () => {
    const g = parseGrants(['GRANT SELECT ON `my.db`.* TO `u`@`%`', 'GRANT DROP ON `we``ird`.* TO `u`@`%`']);
    expect(hasOnDatabase(g, 'SELECT', 'my.db')).toBe(true);
    expect(hasOnDatabase(g, 'DROP', 'we`ird')).toBe(true);
  });
});

describe('matchesPattern', () => {
  it('treats % and _ as wildcards unless escaped', () => {
    expect(matchesPattern('test\\_%', 'test_1')).toBe(true);
    expect(matchesPattern('test\\_%', 'testx1')).toBe(false);
    expect(matchesPattern('test_', 'testx')).toBe(true);
    expect(matchesPattern('a.b', 'axb')).toBe(false);
  });
});
