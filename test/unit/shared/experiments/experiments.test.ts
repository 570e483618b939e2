import { describe, expect, it } from 'vitest';
import {
  ExperimentDefinitionSchema,
  estimateSeconds,
  cellSchema,
  expandCells,
  passLabel,
  planExperiment,
  type ExperimentDefinitionInput,
} from '../../../../src/shared/experiments/experiments';

const post001: ExperimentDefinitionInput = {
  name: 'old_blocks_time 1000 vs 0',
  schema: 'ssb_sf1',
  queries: [{ queryId: 'Q1.1' }, { queryId: 'Q1.2' }, { queryId: 'Q2.1' }],
  servers: [{ label: 'MySQL 8.0', profileId: 'sandbox-a', sandboxId: 'a' }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
};

describe('experiment plans', () => {
  it('expands the matrix per server, in the order given', () => {
    const def = ExperimentDefinitionSchema.parse({
      ...post001,
      servers: [...post001.servers, { label: 'MariaDB 10.11', profileId: 'sandbox-b', sandboxId: 'b' }],
      matrix: [
        { kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] },
        { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['128M', '1G'] },
      ],
    });
    expect(expandCells(def).map((c) => c.key)).toEqual([
      'MySQL 8.0 · innodb_old_blocks_time=1000 · innodb_buffer_pool_size=128M',
      'MySQL 8.0 · innodb_old_blocks_time=1000 · innodb_buffer_pool_size=1G',
      'MySQL 8.0 · innodb_old_blocks_time=0 · innodb_buffer_pool_size=128M',
      'MySQL 8.0 · innodb_old_blocks_time=0 · innodb_buffer_pool_size=1G',
      'MariaDB 10.11 · innodb_old_blocks_time=1000 · innodb_buffer_pool_size=128M',
      'MariaDB 10.11 · innodb_old_blocks_time=1000 · innodb_buffer_pool_size=1G',
      'MariaDB 10.11 · innodb_old_blocks_time=0 · innodb_buffer_pool_size=128M',
      'MariaDB 10.11 · innodb_old_blocks_time=0 · innodb_buffer_pool_size=1G',
    ]);
  });

  it("makes post 001's table: per configuration a cold pass, then runs 1, 2 and 3, restarting only before the cold pass", () => {
    const plan = planExperiment(ExperimentDefinitionSchema.parse(post001));
    expect(plan).toHaveLength(2 * 4 * 3);
    const firstCell = plan.filter((r) => r.cell.key.endsWith('=1000'));
    expect(firstCell.map((r) => `${passLabel(r.pass)} ${r.queryId}`)).toEqual([
      'cold Q1.1',
      'cold Q1.2',
      'cold Q2.1',
      'run 1 Q1.1',
      'run 1 Q1.2',
      'run 1 Q2.1',
      'run 2 Q1.1',
      'run 2 Q1.2',
      'run 2 Q2.1',
      'run 3 Q1.1',
      'run 3 Q1.2',
      'run 3 Q2.1',
    ]);
    expect(plan.filter((r) => r.restartBefore).map((r) => r.index)).toEqual([0, 12]);
    expect(plan.map((r) => r.index)).toEqual(plan.map((_, i) => i));
  });

  it('records warm-ups first and does not count them', () => {
    const plan = planExperiment(
      ExperimentDefinitionSchema.parse({ ...post001, matrix: [], protocol: { warmups: 1, hotRuns: 1 } }),
    );
    expect(plan.map((r) => [passLabel(r.pass), r.counted])).toEqual([
      ['warm-up 1', false],
      ['warm-up 1', false],
      ['warm-up 1', false],
      ['cold', true],
      ['cold', true],
      ['cold', true],
      ['run 1', true],
      ['run 1', true],
      ['run 1', true],
    ]);
  });

  it('shuffles each pass the same way for the same seed, and differently for another', () => {
    const queries = Array.from({ length: 13 }, (_, i) => ({ queryId: `Q${i}` }));
    const order = (seed: number) =>
      planExperiment(
        ExperimentDefinitionSchema.parse({
          ...post001,
          queries,
          matrix: [],
          protocol: { randomize: true, seed },
        }),
      ).map((r) => r.queryId);
    expect(order(7)).toEqual(order(7));
    expect(order(7)).not.toEqual(order(8));
    const firstPass = order(7).slice(0, 13);
    expect([...firstPass].sort()).toEqual(queries.map((q) => q.queryId).sort());
    expect(firstPass).not.toEqual(queries.map((q) => q.queryId));
  });

  it('refuses a definition that cannot run, naming where', () => {
    const bad = ExperimentDefinitionSchema.safeParse({
      ...post001,
      matrix: [
        { kind: 'global', variable: 'innodb_old_blocks_time', values: ['0'] },
        { kind: 'startup', variable: 'innodb_old_blocks_time', values: ['1'] },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['matrix', 1, 'variable']);
    const listens = ExperimentDefinitionSchema.safeParse({
      ...post001,
      matrix: [{ kind: 'startup', variable: 'bind_address', values: ['0.0.0.0'] }],
    });
    expect(listens.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ['matrix', 0, 'variable'],
        'bind_address is set by bplab itself: a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password.',
      ],
    ]);
    const none = ExperimentDefinitionSchema.safeParse({ ...post001, queries: [] });
    expect(none.error?.issues[0]?.message).toBe('pick at least one query');
    const nothing = ExperimentDefinitionSchema.safeParse({
      ...post001,
      protocol: { cold: false, hotRuns: 0 },
    });
    expect(nothing.error?.issues[0]?.path).toEqual(['protocol', 'hotRuns']);
  });

  it('estimates from known query times, a default for unknown ones, and each restart', () => {
    const plan = planExperiment(ExperimentDefinitionSchema.parse(post001));
    const seconds = estimateSeconds(plan, {
      querySeconds: (q) => (q === 'Q1.1' ? 30 : undefined),
      defaultQuerySeconds: 10,
      restartSeconds: 5,
    });
    // 2 cells × 4 passes × (30 + 10 + 10) + 2 restarts × 5
    expect(seconds).toBe(2 * 4 * 50 + 10);
    expect(
      estimateSeconds(plan.slice(12 + 3), {
        querySeconds: () => 1,
        defaultQuerySeconds: 1,
        restartSeconds: 100,
      }),
    ).toBe(9);
  });
});

describe("post 003's plan: engines side by side, each query cold after its own restart, then hot", () => {
  const post003 = ExperimentDefinitionSchema.parse({
    ...post001,
    queries: [{ queryId: 'Q1.1' }, { queryId: 'Q3.1' }],
    matrix: [{ kind: 'dataset', variable: 'dataset', values: ['ssb_sf1', 'ssb_sf1_myisam'] }],
    protocol: { cold: true, hotRuns: 1, coldPerQuery: true },
  });

  it('restarts before every cold run, and runs the same query hot right after it', () => {
    const plan = planExperiment(post003);
    const first = plan.filter((r) => r.cell.key.endsWith('=ssb_sf1'));
    expect(
      first.map((r) => `${passLabel(r.pass)} ${r.queryId}${r.restartBefore ? ' (restart)' : ''}`),
    ).toEqual(['cold Q1.1 (restart)', 'run 1 Q1.1', 'cold Q3.1 (restart)', 'run 1 Q3.1']);
    expect(plan).toHaveLength(8);
  });

  it('reads each configuration from its own dataset', () => {
    const [innodb, myisam] = expandCells(post003);
    expect(cellSchema(post003, innodb!)).toBe('ssb_sf1');
    expect(cellSchema(post003, myisam!)).toBe('ssb_sf1_myisam');
    expect(
      cellSchema(
        ExperimentDefinitionSchema.parse(post001),
        expandCells(ExperimentDefinitionSchema.parse(post001))[0]!,
      ),
    ).toBe('ssb_sf1');
  });

  it('names a dataset dimension "dataset", in words', () => {
    const bad = ExperimentDefinitionSchema.safeParse({
      ...post001,
      matrix: [{ kind: 'dataset', variable: 'schema', values: ['a'] }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('a dataset dimension is named "dataset"');
  });
});
