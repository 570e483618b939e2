import { describe, expect, it } from 'vitest';
import { identifyServer, versionAtLeast } from '../../../src/main/db/server-identity';

describe('identifyServer', () => {
  it.each([
    ['10.11.19-MariaDB-0+deb12u1', 'Debian 12', 'mariadb', '10.11.19'],
    ['5.5.5-10.6.12-MariaDB', 'mariadb.org binary distribution', 'mariadb', '10.6.12'],
    ['8.0.31', 'MySQL Community Server - GPL', 'mysql', '8.0.31'],
    ['5.7.22-log', 'MySQL Community Server (GPL)', 'mysql', '5.7.22'],
    ['8.0.36-28', 'Percona Server (GPL), Release 28, Revision 47601f19', 'percona', '8.0.36'],
  ])('reads %s / %s', (versionString, comment, flavor, version) => {
    const id = identifyServer(versionString, comment);
    expect(id).toMatchObject({ flavor, version, versionString, versionComment: comment });
    expect(`${id.major}.${id.minor}.${id.patch}`).toBe(version);
  });

  it('compares versions part by part', () => {
    const v = identifyServer('8.0.18', '');
    expect(versionAtLeast(v, 8, 0, 18)).toBe(true);
    expect(versionAtLeast(v, 8, 0, 19)).toBe(false);
    expect(versionAtLeast(identifyServer('8.1.0', ''), 8, 0, 18)).toBe(true);
    expect(versionAtLeast(identifyServer('5.7.44', ''), 8, 0, 18)).toBe(false);
  });
});
