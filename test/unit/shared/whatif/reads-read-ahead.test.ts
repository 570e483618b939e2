/**
 * Whether a run's Innodb_buffer_pool_reads counts the pages read ahead (replay.ts): from the run's own
 * counters where it read ahead, from the server where it did not. bench/whatif-sizes on MariaDB 11.4.5
 * found a 16 MiB traced join that read nothing ahead, whose 128 MiB point left read-ahead out (2,901
 * predicted against 4,308 read, where the query asked for 3,720 pages).
 */
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../../src/shared/runs/runs';
import { readsIncludeReadAhead } from '../../../../src/shared/whatif/replay';
import { runResult } from '../../../support/run-fixture';

function run(
  flavor: 'mysql' | 'mariadb',
  version: string,
  reads: number,
  pagesRead: number,
  ahead: number,
): RunResult {
  const base = runResult();
  const counter = (name: string, delta: number) => ({
    name,
    before: 0,
    after: delta,
    delta,
    scope: 'global' as const,
  });
  return {
    ...base,
    server: { ...base.server, flavor, version },
    status: [
      counter('Innodb_buffer_pool_reads', reads),
      counter('Innodb_pages_read', pagesRead),
      counter('Innodb_buffer_pool_read_ahead', ahead),
    ],
  };
}

describe('whether Innodb_buffer_pool_reads counts the pages read ahead', () => {
  it("reads the run's own counters where it read ahead", () => {
    // MariaDB 11.4.5, SF 0.1 Q1.1: 4,107 and 4,107, 3,712 read ahead.
    expect(readsIncludeReadAhead(run('mariadb', '11.4.5-MariaDB', 4107, 4107, 3712))).toBe(true);
    // MySQL: Innodb_pages_read is larger by the read-ahead.
    expect(readsIncludeReadAhead(run('mysql', '8.0.31', 395, 4107, 3712))).toBe(false);
  });

  it('asks the server where the run read nothing ahead: a larger pool may read ahead where it did not', () => {
    expect(readsIncludeReadAhead(run('mariadb', '11.4.5-MariaDB', 78153, 78153, 0))).toBe(true);
    expect(readsIncludeReadAhead(run('mariadb', '11.8.3-MariaDB', 100, 100, 0))).toBe(true);
    expect(readsIncludeReadAhead(run('mariadb', '10.11.19-MariaDB', 100, 100, 0))).toBe(false);
    expect(readsIncludeReadAhead(run('mysql', '9.7.4', 100, 100, 0))).toBe(false);
  });
});
