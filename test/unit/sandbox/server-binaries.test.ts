import { describe, expect, it } from 'vitest';
import { parseVersionLine } from '../../../src/main/sandbox/server-binaries';
import { formatByteSize, parseByteSize } from '../../../src/shared/byte-size';

describe('parseVersionLine', () => {
  it.each([
    ['/x/bin/mysqld  Ver 8.0.31 for Linux on x86_64 (MySQL Community Server - GPL)', 'mysql', '8.0.31'],
    [
      '/x/bin/mysqld  Ver 5.7.22 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))',
      'mysql',
      '5.7.22',
    ],
    [
      '/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)',
      'mariadb',
      '10.11.19',
    ],
    [
      '/usr/sbin/mysqld  Ver 8.0.36-28 for Linux on x86_64 (Percona Server (GPL), Release 28, Revision 47601f19)',
      'percona',
      '8.0.36',
    ],
  ])('reads %s', (line, flavor, version) => {
    expect(parseVersionLine(line)).toEqual({ flavor, version });
  });

  it('refuses a line that is not a server version', () => {
    expect(
      parseVersionLine('mariadb  Ver 15.1 Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64)'),
    ).toBeNull();
    expect(parseVersionLine('ls (GNU coreutils) 9.1')).toBeNull();
  });
});

describe('byte sizes', () => {
  it('parses my.cnf sizes', () => {
    expect(parseByteSize('128M')).toBe(128 * 1024 * 1024);
    expect(parseByteSize('2g')).toBe(2 * 1024 ** 3);
    expect(parseByteSize('512K')).toBe(512 * 1024);
    expect(parseByteSize(1000)).toBe(1000);
    expect(parseByteSize('999T')).toBe(999 * 1024 ** 4);
    expect(() => parseByteSize('12X')).toThrow(
      '"12X" is not a size: write a whole number of bytes, or a number with a unit K, M, G or T',
    );
  });
  it('formats to the largest whole unit', () => {
    expect(formatByteSize(128 * 1024 * 1024)).toBe('128M');
    expect(formatByteSize(3 * 1024 ** 3)).toBe('3G');
    expect(formatByteSize(999 * 1024 ** 4)).toBe('999T');
    expect(formatByteSize(1000)).toBe('1000');
  });
});
