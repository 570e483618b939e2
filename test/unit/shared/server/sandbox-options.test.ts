/** The options a sandbox may not set, in every spelling mysqld accepts, and the buffer pool limits per server. */
import { describe, expect, it } from 'vitest';
import { SandboxSpecSchema } from '../../../../src/shared/models';
import { bufferPoolSizeProblem, refusedOption } from '../../../../src/shared/server/sandbox-options';

const owned = (option: string) => refusedOption(option)?.owned ?? null;

describe('refusedOption', () => {
  it('refuses what decides where the server listens, who logs in and where its files go', () => {
    for (const name of [
      'port',
      'bind-address',
      'socket',
      'datadir',
      'basedir',
      'pid-file',
      'log-error',
      'skip-networking',
      'skip-grant-tables',
      'user',
      'init-file',
      'defaults-file',
      'secure-file-priv',
      'admin-address',
      'mysqlx-bind-address',
      'mysqlx-port',
      'mysqlx',
      'innodb-data-home-dir',
      'innodb-buffer-pool-size',
      'local-infile',
    ])
      expect(owned(name), name).toBe(name);
  });

  it('sees through every spelling mysqld accepts', () => {
    expect(owned('bind_address')).toBe('bind-address');
    expect(owned('Bind_Address')).toBe('bind-address');
    expect(owned('--bind-address')).toBe('bind-address');
    expect(owned('loose-bind-address')).toBe('bind-address');
    expect(owned('loose_skip_grant_tables')).toBe('skip-grant-tables');
    expect(owned('disable-grant-tables')).toBe('skip-grant-tables');
    expect(owned('enable-networking')).toBe('skip-networking');
    expect(owned('skip-mysqlx')).toBe('mysqlx');
    expect(owned('maximum-port')).toBe('port');
    // MariaDB takes an unambiguous prefix ("Using unique option prefix 'bind'")
    expect(owned('bind')).toBe('bind-address');
    expect(owned('loose_Bind_Addr')).toBe('bind-address');
    expect(owned('data')).toBe('datadir');
    expect(owned('innodb_buffer_pool_si')).toBe('innodb-buffer-pool-size');
  });

  it('lets through what only tunes the server, including names that merely start like an owned one', () => {
    for (const name of [
      'skip-name-resolve',
      'max_connections',
      'innodb_buffer_pool_instances',
      'innodb_buffer_pool_dump_at_shutdown',
      'innodb', // the plugin's own option, not an abbreviation
      'port-open-timeout',
      'log-error-verbosity',
      'performance_schema',
      'innodb_page_size',
    ])
      expect(refusedOption(name), name).toBeNull();
  });

  it('says which option, what it stands for, and why', () => {
    expect(refusedOption('bind-address')?.message).toBe(
      'bind-address is set by bplab itself: a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password.',
    );
    expect(refusedOption('loose_datadir')?.message).toMatch(
      /^loose_datadir is datadir, which bplab sets itself: every file of a sandbox stays in its own folder/,
    );
    expect(refusedOption('bind')?.message).toMatch(
      /^bind is short for bind-address \(mysqld accepts an unambiguous prefix\)/,
    );
  });

  it('is the contract: the spec schema refuses the same options, in the same words', () => {
    const parsed = SandboxSpecSchema.safeParse({
      name: 'x',
      binaryPath: '/usr/sbin/mariadbd',
      options: { max_connections: '10', bind_address: '0.0.0.0' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['options.bind_address', refusedOption('bind_address')?.message],
    ]);
  });
});

describe('bufferPoolSizeProblem', () => {
  const mariadb = { flavor: 'mariadb', version: '10.11.19' };
  const mysql8 = { flavor: 'mysql', version: '8.0.31' };
  const mysql57 = { flavor: 'mysql', version: '5.7.22' };
  const M = 1024 ** 2;

  it("names the server's own minimum: 6M for MariaDB with 16K pages, 5M for MySQL", () => {
    expect(bufferPoolSizeProblem(1024, mariadb)).toBe(
      "a buffer pool of 1K is below MariaDB 10.11.19's minimum innodb_buffer_pool_size of 6M: InnoDB does not start with less when its pages are 16K (the default)",
    );
    expect(bufferPoolSizeProblem(5 * M, mariadb)).toMatch(/below MariaDB 10\.11\.19's minimum/);
    expect(bufferPoolSizeProblem(6 * M, mariadb)).toBeNull();
    expect(bufferPoolSizeProblem(1024, mysql8)).toBe(
      "a buffer pool of 1K is below MySQL 8.0.31's minimum innodb_buffer_pool_size of 5M: the server would quietly raise a smaller size to 5M",
    );
    expect(bufferPoolSizeProblem(5 * M - 1, mysql57)).toMatch(/below MySQL 5\.7\.22's minimum .* of 5M/);
    expect(bufferPoolSizeProblem(5 * M, mysql57)).toBeNull();
  });

  it("names the server's maximum, and the machine's memory", () => {
    expect(bufferPoolSizeProblem(2 ** 64, mariadb)).toMatch(
      /above MariaDB 10\.11\.19's maximum innodb_buffer_pool_size of 2\^63-1 bytes/,
    );
    const t999 = 999 * 1024 ** 4;
    expect(bufferPoolSizeProblem(t999, mysql8)).toBeNull();
    expect(bufferPoolSizeProblem(t999, mysql8, 16 * 1024 ** 3)).toBe(
      "a buffer pool of 999T is more than this machine's memory (16.0G in all), so MySQL 8.0.31 could not have it",
    );
    expect(bufferPoolSizeProblem(8 * 1024 ** 3, mysql8, 16 * 1024 ** 3)).toBeNull();
  });
});
