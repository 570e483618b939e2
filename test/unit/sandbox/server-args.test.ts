/** The chunk size a MySQL sandbox starts with, so that its pool is the size asked (not rounded up to 128M chunks). */
import { describe, expect, it } from 'vitest';
import type { SandboxMeta } from '../../../src/main/sandbox/sandbox-folder';
import { exactPoolArgs } from '../../../src/main/sandbox/server-args';

const MiB = 1024 * 1024;
const meta = (flavor: SandboxMeta['flavor'], version: string) => ({ flavor, version }) as SandboxMeta;

describe('exactPoolArgs', () => {
  it('gives MySQL 5.7+ a chunk of the whole pool under 1 GiB (one instance)', () => {
    expect(exactPoolArgs(meta('mysql', '8.0.31'), 83 * MiB, {})).toEqual([
      `--innodb-buffer-pool-chunk-size=${83 * MiB}`,
    ]);
    expect(exactPoolArgs(meta('mysql', '5.7.22'), 200 * MiB, {})).toEqual([
      `--innodb-buffer-pool-chunk-size=${200 * MiB}`,
    ]);
  });

  it('splits a pool from 1 GiB up over MySQL default 8 instances, or the instances the user set', () => {
    expect(exactPoolArgs(meta('mysql', '8.0.31'), 1536 * MiB, {})).toEqual([
      `--innodb-buffer-pool-chunk-size=${192 * MiB}`,
    ]);
    expect(
      exactPoolArgs(meta('mysql', '8.0.31'), 1536 * MiB, { 'innodb-buffer-pool-instances': '2' }),
    ).toEqual([`--innodb-buffer-pool-chunk-size=${768 * MiB}`]);
  });

  it("leaves the user's chunk size, MariaDB and MySQL before 5.7 (no chunks) as they are", () => {
    expect(
      exactPoolArgs(meta('mysql', '8.0.31'), 83 * MiB, { loose_innodb_buffer_pool_chunk_size: '8M' }),
    ).toEqual([]);
    expect(exactPoolArgs(meta('mariadb', '10.11.19'), 83 * MiB, {})).toEqual([]);
    expect(exactPoolArgs(meta('mysql', '5.6.14'), 83 * MiB, {})).toEqual([]);
    expect(exactPoolArgs(meta('mysql', '5.5.34'), 83 * MiB, {})).toEqual([]);
  });
});
