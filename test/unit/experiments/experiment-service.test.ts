/**
 * Where ExperimentService.start saves an experiment given no file: the data folder's experiments/,
 * under its name, and never over an earlier experiment's results. The task never runs here (the
 * registry is a stand-in); what is tested is the service's own choice of file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveExperimentFile } from '../../../src/main/experiments/experiment-file';
import { ExperimentService } from '../../../src/main/experiments/experiment-service';
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
    probe: { facts: async () => ({ dataset: 'complete' }), dataBytes: unused, queryIds: unused },
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
