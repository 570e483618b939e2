/** The stand-ins the runner's unit tests share: a recording run service, journal and server, and a small definition. */
import type { ExperimentRunnerDeps } from '../../../src/main/experiments/runner';
import type { ExperimentDefinitionInput } from '../../../src/shared/experiments/experiments';
import type { RunResult } from '../../../src/shared/runs/runs';
import { runResult } from '../../support/run-fixture';

export const base: ExperimentDefinitionInput = {
  name: 't',
  schema: 'ssb',
  queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1' }],
  servers: [{ label: 'S', profileId: 'p', sandboxId: 's' }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
  protocol: { cold: true, hotRuns: 2 },
};

export function harness(
  opts: {
    result?: (n: number) => Partial<RunResult>;
    dropped?: boolean;
    /** Bytes of the dataset's files resident before and after eviction; none: eviction fails. */
    evicted?: [number, number];
  } = {},
) {
  const log: string[] = [];
  let runs = 0;
  let clock = 0;
  const deps: ExperimentRunnerDeps = {
    now: () => clock,
    executeRun: async (server, spec) => {
      runs++;
      clock += 1000;
      log.push(`run ${spec.queryId}`);
      return runResult({ queryId: spec.queryId, elapsedMs: 1000, ...opts.result?.(runs) }, 0);
    },
    connect: async () => ({
      query: async (sql: string) => {
        if (/resize_status/.test(sql)) return [[{ Value: `Completed resizing buffer pool at ${clock}` }]];
        return [[{ s: 1 }]];
      },
      close: async () => {},
    }),
    journal: {
      setGlobal: async (_c, _p, variable, value) => {
        log.push(`set ${variable}=${value}`);
        clock += 1;
        return null;
      },
      restore: async () => {
        log.push('restore');
        return [
          {
            profileId: 'p',
            variable: 'innodb_old_blocks_time',
            before: '1000',
            after: 0,
            at: '',
            reason: '',
          },
        ];
      },
    },
    restartSandbox: async (id, options) => {
      log.push(`restart ${id} ${JSON.stringify(options)}`);
      clock += 5000;
    },
    dropPageCache: async () => ({ dropped: opts.dropped ?? true, why: 'not root' }),
    waitForPurge: async () => ({
      from: 0,
      to: 0,
      waitedMs: 0,
      outcome: 'caught-up',
      words: 'purge had caught up (history list 0)',
    }),
    evictDataset: async (sandboxId, schema) => {
      log.push(`evict ${sandboxId} ${schema}`);
      if (!opts.evicted) throw new Error('no sandbox files here');
      return { files: 9, residentBeforeBytes: opts.evicted[0], residentAfterBytes: opts.evicted[1] };
    },
  };
  return { deps, log };
}
