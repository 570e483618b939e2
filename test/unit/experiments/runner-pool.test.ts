/**
 * The runner and the buffer pool's size as a dimension: a resize before the globals, waiting for one the
 * server does in the background, a sandbox restarted with the size when the resize settled elsewhere,
 * and a resize that failed. Stand-ins record the calls (runner-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { sizeBytes } from '../../../src/main/experiments/cell-settings';
import { AppFailure } from '../../../src/shared/result';
import { ExperimentRunner } from '../../../src/main/experiments/runner';
import { ExperimentDefinitionSchema } from '../../../src/shared/experiments/experiments';
import { base, harness } from './runner-harness';

describe('the experiment runner and the buffer pool size', () => {
  it('resizes the pool before the globals, waiting for the server', async () => {
    const { deps, log } = harness();
    await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        queries: [{ queryId: 'Q1.1' }],
        matrix: [
          { kind: 'global', variable: 'innodb_old_blocks_time', values: ['0'] },
          { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['64M'] },
        ],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(log.slice(0, 2)).toEqual([
      `set innodb_buffer_pool_size=${64 * 1024 * 1024}`,
      'set innodb_old_blocks_time=0',
    ]);
    expect(sizeBytes('2G')).toBe(2 * 1024 ** 3);
    expect(() => sizeBytes('2 gigs')).toThrow(/not a size: write .* K, M, G or T/);
  });

  it('runs nothing until a resize the server does in the background (MySQL) says it has completed', async () => {
    const { deps, log } = harness();
    let resizing = false;
    let polls = 0;
    const setGlobal = deps.journal.setGlobal;
    deps.journal.setGlobal = async (c, p, variable, value, reason) => {
      if (variable === 'innodb_buffer_pool_size') resizing = true;
      return setGlobal(c, p, variable, value, reason);
    };
    // MySQL's words in Innodb_buffer_pool_resize_status, as a resize goes on in the background.
    const words = [
      'Resizing buffer pool from 33554432 to 209715200 (unit=33554432).',
      'Withdrawing blocks to be shrunken.',
      'Latching whole of buffer pool.',
      'Completed resizing buffer pool at 261123 09:00:05.',
    ];
    deps.connect = async () => ({
      query: async (sql: string) => {
        if (!/resize_status/.test(sql)) return [[{ s: 1 }]];
        if (!resizing) return [[{ Value: 'Completed resizing buffer pool at 261123 08:00:00.' }]];
        const said = words[Math.min(polls++, words.length - 1)]!;
        log.push(`status ${said}`);
        return [[{ Value: said }]];
      },
      close: async () => {},
    });
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        queries: [{ queryId: 'Q1.1' }],
        matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['200M'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('complete');
    expect(log.slice(0, 6)).toEqual([
      `set innodb_buffer_pool_size=${200 * 1024 * 1024}`,
      ...words.map((w) => `status ${w}`),
      'run Q1.1',
    ]);
  });

  // MySQL 5.5/5.6: innodb_buffer_pool_size is read-only (1238); MySQL 5.7 refuses a size under chunk ×
  // instances (1231: a pool started at 1 GB with 8 instances asked for 128 MB).
  it.each([1238, 1231])(
    'restarts a sandbox with the pool size when the server cannot resize online (error %i), and keeps it on every later restart',
    async (errno) => {
      const { deps, log } = harness();
      const setGlobal = deps.journal.setGlobal;
      deps.journal.setGlobal = async (c, p, variable, value, reason) => {
        if (variable === 'innodb_buffer_pool_size')
          throw AppFailure.of('SERVER_ERROR', 'refused', { details: { serverErrno: errno } });
        return setGlobal(c, p, variable, value, reason);
      };
      const out = await new ExperimentRunner(deps).run(
        ExperimentDefinitionSchema.parse({
          ...base,
          matrix: [
            { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['128M'] },
            { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
          ],
          protocol: { cold: true, hotRuns: 1 },
        }),
      );
      expect(out.state).toBe('complete');
      const size = String(128 * 1024 * 1024);
      expect(log.filter((l) => l.startsWith('restart') || l.startsWith('set'))).toEqual([
        'restart s {}',
        `restart s {"innodb_buffer_pool_size":"${size}"}`,
        'set innodb_old_blocks_time=1000',
        // The second configuration's cold restart carries the size: no second attempt online.
        `restart s {"innodb_buffer_pool_size":"${size}"}`,
        'set innodb_old_blocks_time=0',
        // At the end, back on its own options.
        'restart s {}',
      ]);
      // 2 configurations × 2 queries × (cold + 1 hot).
      expect(log.filter((l) => l.startsWith('run'))).toHaveLength(8);
    },
  );

  it('restarts a MySQL 5.7+ sandbox with the pool size when an online resize settled elsewhere; MariaDB keeps what it got', async () => {
    const settled = (version: string) => {
      const { deps, log } = harness();
      const connect = deps.connect;
      deps.connect = async (server) => {
        const c = await connect(server);
        return {
          ...c,
          // 83M asked of a pool in 128M chunks: the server settles at 128M.
          query: async (sql: string, v?: unknown[]) =>
            /@@GLOBAL\.innodb_buffer_pool_size/.test(sql)
              ? [[{ s: 128 * 1024 * 1024 }]]
              : /VERSION\(\)/.test(sql)
                ? [[{ v: version }]]
                : c.query(sql, v),
        };
      };
      return { deps, log };
    };
    const def = ExperimentDefinitionSchema.parse({
      ...base,
      queries: [{ queryId: 'Q1.1' }],
      matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['83M'] }],
      protocol: { cold: false, hotRuns: 1 },
    });
    const steps = (log: string[]) =>
      log.filter((l) => l.startsWith('restart') || l.startsWith('set') || l.startsWith('run'));
    const mysql = settled('8.0.31');
    expect((await new ExperimentRunner(mysql.deps).run(def)).state).toBe('complete');
    expect(steps(mysql.log)).toEqual([
      `set innodb_buffer_pool_size=${83 * 1024 * 1024}`,
      `restart s {"innodb_buffer_pool_size":"${83 * 1024 * 1024}"}`,
      'run Q1.1',
      'restart s {}',
    ]);
    const maria = settled('10.11.19-MariaDB-0+deb12u1');
    expect((await new ExperimentRunner(maria.deps).run(def)).state).toBe('complete');
    expect(steps(maria.log)).toEqual([`set innodb_buffer_pool_size=${83 * 1024 * 1024}`, 'run Q1.1']);
  });

  it('a resize the server says failed stops the experiment in words, and nothing runs', async () => {
    const { deps, log } = harness();
    deps.connect = async () => ({
      query: async (sql: string) =>
        /resize_status/.test(sql)
          ? [[{ Value: log.some((l) => l.startsWith('set')) ? 'Resize failed: out of memory.' : '' }]]
          : [[{ s: 1 }]],
      close: async () => {},
    });
    const out = await new ExperimentRunner(deps).run(
      ExperimentDefinitionSchema.parse({
        ...base,
        matrix: [{ kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['200M'] }],
        protocol: { cold: false, hotRuns: 1 },
      }),
    );
    expect(out.state).toBe('failed');
    expect(out.error).toMatch(
      /^S could not resize its buffer pool to 200M: Resize failed: out of memory\. \(Pick a size the server can take/,
    );
    expect(log.filter((l) => l.startsWith('run'))).toEqual([]);
    expect(log.at(-1)).toBe('restore');
  });
});
