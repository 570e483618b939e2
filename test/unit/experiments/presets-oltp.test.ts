/** Posts 002's and 004's OLTP presets: their load steps, their matrix, and pools sized to post 004's shares. */
import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS } from '../../../src/main/experiments/presets';
import { poolForShare, SBTEST_BYTES_PER_ROW } from '../../../src/main/experiments/presets-oltp';
import {
  ExperimentDefinitionSchema,
  expandCells,
  planExperiment,
} from '../../../src/shared/experiments/experiments';
import { cellChanges, sizeBytes } from '../../../src/main/experiments/cell-settings';
import { readBackVariables } from '../../../src/main/experiments/load-cell';

const servers = [{ label: 'MariaDB 10.11', profileId: 'p', sandboxId: 's' }];
const args = { servers, schema: 'ssb_sf1', dataBytes: 0, queryIds: ['Q1.1'] };

describe('the OLTP presets', () => {
  it('are in the preset list, marked as reading no SSB dataset', () => {
    const ids = PRESETS.filter((p) => p.oltp).map((p) => p.id);
    expect(ids).toEqual(['post002-performance-schema', 'post004-point-selects']);
  });

  it('post 002: read-only at 1 and 64 clients, performance_schema ON, OFF, OFF, ON by restarts, no query', () => {
    const def = findPreset('post002-performance-schema')!.build(args);
    expect(def.queries).toEqual([]);
    expect(def.schema).toBe('sbtest');
    expect(def.loads!.map((l) => [l.workload, l.tables, l.clients, l.schema])).toEqual([
      ['read-only', 1, [1, 64], 'sbtest'],
    ]);
    expect(expandCells(def).map((c) => c.key)).toEqual([
      'MariaDB 10.11 · innodb_buffer_pool_size=128M · performance_schema=ON',
      'MariaDB 10.11 · innodb_buffer_pool_size=128M · performance_schema=OFF',
    ]);
    expect(def.matrix.find((d) => d.variable === 'performance_schema')!.kind).toBe('startup');
    // Alternating, so the setting is not confounded with the time it ran.
    expect(planExperiment(def).map((r) => `${r.cell.key.split(' · ')[2]} #${r.load!.repeat}`)).toEqual([
      'performance_schema=ON #1',
      'performance_schema=OFF #1',
      'performance_schema=OFF #2',
      'performance_schema=ON #2',
    ]);
    // The pool holds the table: the "cached" side of post 002.
    expect(def.loads![0]!.rows * SBTEST_BYTES_PER_ROW).toBeLessThan(sizeBytes('128M') / 2);
    expect(def.description).toMatch(/250,000 rows \(the post: 1,000,000\)/);
  });

  it('post 004: 1–32 clients on 1 table, 8–256 on 8, in a pool holding all and one holding 50% of one table', () => {
    const def = findPreset('post004-point-selects')!.build(args);
    expect(def.loads!.map((l) => [l.workload, l.tables, l.clients])).toEqual([
      ['point-select', 1, [1, 2, 4, 8, 16, 32]],
      ['point-select', 8, [8, 16, 32, 64, 128, 256]],
    ]);
    const [cached, ioBound] = def.matrix[0]!.values.map(sizeBytes);
    const table = def.loads![0]!.rows * SBTEST_BYTES_PER_ROW;
    expect(cached!).toBeGreaterThan(8 * table);
    expect(ioBound! / table).toBeCloseTo(0.5, 1);
    expect(ioBound! / (8 * table)).toBeCloseTo(0.0625, 2);
    // 256 clients need more than a server's default 151 connections.
    expect(def.matrix[2]).toEqual({ kind: 'global', variable: 'max_connections', values: ['300'] });
    // The IO-bound pool reads from the disk (O_DIRECT, by a restart); the cached one as the server has it.
    const cells = expandCells(def);
    expect(cells.map((c) => c.key)).toEqual([
      'MariaDB 10.11 · innodb_buffer_pool_size=572M · innodb_flush_method=default · max_connections=300',
      'MariaDB 10.11 · innodb_buffer_pool_size=29M · innodb_flush_method=O_DIRECT · max_connections=300',
    ]);
    expect(cells.map((c) => cellChanges(c).startup)).toEqual([{}, { innodb_flush_method: 'O_DIRECT' }]);
    // What each took is read back before its sweeps (a finding when it is not what was asked).
    expect(readBackVariables(cells[1]!)).toContain('innodb_flush_method');
    const plan = planExperiment(def);
    expect(plan.map((r) => `${r.cell.key.split(' · ')[1]} #${r.load!.step}`)).toEqual([
      'innodb_buffer_pool_size=572M #0',
      'innodb_buffer_pool_size=572M #1',
      'innodb_buffer_pool_size=29M #0',
      'innodb_buffer_pool_size=29M #1',
    ]);
  });

  it('pairs a dimension one for one with an earlier one, and refuses a pairing that does not fit, in words', () => {
    const base = { name: 'p', schema: 's', queries: [{ queryId: 'Q1.1' }], servers };
    const pool = { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['8M', '16M'] };
    const flush = { kind: 'startup', variable: 'innodb_flush_method', values: ['default', 'O_DIRECT'] };
    const time = { kind: 'global', variable: 'innodb_old_blocks_time', values: ['0', '1000'] };
    const def = ExperimentDefinitionSchema.parse({
      ...base,
      matrix: [pool, time, { ...flush, pairedWith: 'innodb_buffer_pool_size' }],
    });
    expect(expandCells(def).map((c) => c.key.split(' · ').slice(1).join(' '))).toEqual([
      'innodb_buffer_pool_size=8M innodb_old_blocks_time=0 innodb_flush_method=default',
      'innodb_buffer_pool_size=8M innodb_old_blocks_time=1000 innodb_flush_method=default',
      'innodb_buffer_pool_size=16M innodb_old_blocks_time=0 innodb_flush_method=O_DIRECT',
      'innodb_buffer_pool_size=16M innodb_old_blocks_time=1000 innodb_flush_method=O_DIRECT',
    ]);
    const messages = (matrix: unknown[]) => {
      const r = ExperimentDefinitionSchema.safeParse({ ...base, matrix });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(
      messages([pool, { ...flush, values: ['O_DIRECT'], pairedWith: 'innodb_buffer_pool_size' }]),
    ).toEqual([
      "innodb_flush_method pairs its values one for one with innodb_buffer_pool_size's: give 2, not 1",
    ]);
    expect(messages([{ ...flush, pairedWith: 'innodb_buffer_pool_size' }, pool])).toEqual([
      'innodb_flush_method is paired with innodb_buffer_pool_size, which is not a dimension before it',
    ]);
  });

  it('sizes a pool as a share of the sbtest tables, never under 8M', () => {
    expect(poolForShare(1, 100, 0.5)).toBe('8M');
    expect(poolForShare(4, 1_000_000, 0.25)).toBe(
      `${Math.round((1_000_000 * SBTEST_BYTES_PER_ROW) / 2 ** 20)}M`,
    );
  });
});
