/**
 * Where ExperimentService.start saves an experiment given no file: the data folder's experiments/,
 * under its name, and never over an earlier experiment's results. The task never runs here (the
 * registry is a stand-in); what is tested is the service's own choice of file. And what a started
 * experiment holds, on a real lease folder beside a second registry standing for another process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveExperimentFile } from '../../../src/main/experiments/experiment-file';
import { ExperimentService } from '../../../src/main/experiments/experiment-service';
import { LeaseStore } from '../../../src/main/tasks/leases';
import { currentProcess } from '../../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../../src/main/tasks/registry';
import { experiment } from '../../support/run-fixture';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-exp-service-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const unused = () => {
  throw new Error('not used when choosing the file');
};

function service(): ExperimentService {
  return new ExperimentService({
    dataDir: dir,
    bplabVersion: 'test',
    runner: {} as never,
    probe: {
      facts: async () => ({ dataset: 'complete' }),
      dataBytes: unused,
      queryIds: unused,
      engineCopy: unused,
    },
    // Started, never run: the work is not called.
    tasks: { start: () => ({ taskId: 't1', result: new Promise(() => {}) }) },
  });
}

const definition = {
  name: 'old_blocks_time 1000 vs 0',
  schema: 'ssb',
  queries: [{ queryId: 'Q1.1' }],
  servers: [{ label: 'MariaDB', profileId: 'p1', sandboxId: 's1' }],
  matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
};

describe('experiment service: the file of an experiment started without one', () => {
  it('is named after the experiment in the data folder', async () => {
    const { file } = await service().start(definition);
    expect(file).toBe(join(dir, 'experiments', 'old_blocks_time-1000-vs-0.bplab.json'));
  });

  it('never is an earlier experiment’s results file', async () => {
    const earlier = join(dir, 'experiments', 'old_blocks_time-1000-vs-0.bplab.json');
    mkdirSync(join(dir, 'experiments'), { recursive: true });
    saveExperimentFile(earlier, experiment());
    const before = readFileSync(earlier, 'utf8');
    const { file } = await service().start(definition);
    expect(file).toBe(join(dir, 'experiments', 'old_blocks_time-1000-vs-0-2.bplab.json'));
    expect(readFileSync(earlier, 'utf8')).toBe(before);
    saveExperimentFile(file, experiment());
    expect((await service().start(definition)).file).toBe(
      join(dir, 'experiments', 'old_blocks_time-1000-vs-0-3.bplab.json'),
    );
  });

  it('is the one given when there is one', async () => {
    const mine = join(dir, 'mine.bplab.json');
    expect((await service().start(definition, { file: mine })).file).toBe(mine);
  });
});

describe('experiment service: what a started experiment holds', () => {
  it('every server of it, its sandbox and its schema, for the whole experiment (BUSY for another process)', async () => {
    const leasesDir = join(dir, 'leases');
    const tasks = new TaskRegistry({
      leases: new LeaseStore({ dir: leasesDir, self: currentProcess('bplab experiment run') }),
      onProgress: () => {},
    });
    const other = new TaskRegistry({
      leases: new LeaseStore({ dir: leasesDir, self: currentProcess('bplab serve') }),
      onProgress: () => {},
    });
    const service = new ExperimentService({
      dataDir: dir,
      bplabVersion: 'test',
      runner: {} as never,
      probe: {
        facts: async () => ({ dataset: 'complete' }),
        dataBytes: unused,
        queryIds: unused,
        engineCopy: unused,
      },
      tasks,
    });
    // The work waits (the service's execute is not what is tested); it ends when cancelled.
    service.execute = (_def, _file, _id, signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled'))));
    const started = await service.start({
      ...definition,
      servers: [
        { label: 'MariaDB', profileId: 'p1', sandboxId: 's1' },
        { label: 'MySQL', profileId: 'p2', sandboxId: 's2' },
      ],
    });
    for (const [profileId, sandboxId] of [
      ['p1', 's1'],
      ['p2', 's2'],
    ] as const) {
      expect(other.busy({ sandboxId }, `delete sandbox ${sandboxId}`)?.error.message).toMatch(
        /"experiment old_blocks_time 1000 vs 0", running in pid \d+ \(bplab experiment run\)/,
      );
      expect(other.busy({ profileId, schema: 'ssb' }, 'drop ssb')?.error.code).toBe('BUSY');
    }
    tasks.cancel(started.taskId);
    await started.result.catch(() => undefined);
    expect(other.busy({ sandboxId: 's2' }, 'delete sandbox s2')).toBeNull();
  });
});
