/**
 * The simulator's worker thread (the built whatif-worker.cjs): it answers what the simulator answers
 * in this thread; a replay cancelled or past its time guard terminates the thread and says so in
 * words; a queued job cancelled leaves the running one alone; a thread that fails or exits, or a job
 * that throws, is said in words without a stack. The long replay is long by its input: a run on a
 * claimed SF 100 dataset, whose 600 million lineorder rows take minutes to derive on any machine.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src/shared/result';
import type { RunResult } from '../../../src/shared/runs/runs';
import { whatIfReport, type WhatIfOptions } from '../../../src/shared/whatif/what-if';
import { withoutSamples, type ReplayJob } from '../../../src/main/whatif/replay-protocol';
import { ReplayThread, replayLimitMs } from '../../../src/main/whatif/replay-thread';
import { runReplay } from '../../../src/main/whatif/run-trace';
import { baseRun } from '../../support/post001';
import { whatifWorker } from '../../support/workers';

let workerFile = '';
let dir = '';

beforeAll(async () => {
  workerFile = await whatifWorker();
  dir = mkdtempSync(join(tmpdir(), 'bplab-whatif-thread-'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Q1.1 lineorder first on a claimed SF `sf` dataset with SF 0.01's page counts. */
const replayable = (sf = 0.01): RunResult =>
  baseRun({
    dataset: { schema: 'ssb', sf, source: 'generated', engine: 'InnoDB', seed: 1 },
    indexPages: [
      { table: 'lineorder', index: 'GEN_CLUST_INDEX', leafPages: 386, sizePages: 420 },
      { table: 'lineorder', index: 'LO_OrderDateKey', leafPages: 60, sizePages: 65 },
      { table: 'dim_date', index: 'PRIMARY', leafPages: 17, sizePages: 18 },
    ],
    status: [{ name: 'Innodb_buffer_pool_reads', before: 0, after: 120, delta: 120, scope: 'global' }],
  });

const options: WhatIfOptions = { points: 4, oldBlocksTimes: [0, 1000], rate: 0.1 };
const runJob = (run: RunResult): ReplayJob => ({ kind: 'run', run: withoutSamples(run), options });

/** The failure a promise ends with. */
async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof AppFailure)) throw new Error(`expected an AppFailure, got ${String(e)}`);
  return e;
}

/** Resolves at the job's first progress word: the worker has it and is working. */
function started(): { onProgress: (m: string) => void; first: Promise<string> } {
  let said: (m: string) => void = () => {};
  const first = new Promise<string>((r) => (said = r));
  return { onProgress: (m) => said(m), first };
}

describe('ReplayThread', () => {
  it('answers what the simulator answers in this thread', async () => {
    const thread = new ReplayThread({ workerFile });
    try {
      const run = replayable();
      const answer = await thread.run(runJob(run));
      const here = await runReplay(run);
      if ('error' in here) throw new Error(here.error);
      expect(answer).toEqual({ report: whatIfReport(run, here, options) });
      // A run it cannot replay: the reason in words, as the CLI and the screen word it.
      expect(await thread.run(runJob(baseRun()))).toEqual({
        unavailable: expect.stringMatching(/generator|page counts/),
      });
    } finally {
      await thread.close();
    }
  });

  it('terminates the thread of a replay cancelled while it runs; the next replay gets a fresh one', async () => {
    const thread = new ReplayThread({ workerFile });
    try {
      const abort = new AbortController();
      const { onProgress, first } = started();
      const long = thread.run(runJob(replayable(100)), { signal: abort.signal, onProgress });
      expect(await first).toMatch(/deriving the rows/);
      expect(thread.threadAlive).toBe(true);
      abort.abort();
      const failure = await failureOf(long);
      expect(failure.error.code).toBe('CANCELLED');
      expect(failure.message).toBe('The replay was cancelled: the simulator stopped and nothing was kept.');
      expect(thread.threadAlive).toBe(false);
      expect(await thread.run(runJob(replayable()))).toHaveProperty('report');
    } finally {
      await thread.close();
    }
  });

  it('stops a replay silent past its time guard and says so in words', async () => {
    const thread = new ReplayThread({ workerFile, limitMs: 1500 });
    try {
      const failure = await failureOf(thread.run(runJob(replayable(100))));
      expect(failure.error.code).toBe('TIMEOUT');
      expect(failure.message).toBe(
        'The simulator said nothing for 1.5 s while replaying (its last word: deriving the rows its plan walks and tracing its page touches), so it was most likely stuck: it was stopped and nothing was kept.',
      );
      expect(failure.error.hint).toMatch(/BPLAB_WHATIF_LIMIT_MINUTES allows a longer silence/);
      expect(thread.threadAlive).toBe(false);
    } finally {
      await thread.close();
    }
  });

  it('runs one job at a time: a queued one cancelled leaves the running one alone', async () => {
    const thread = new ReplayThread({ workerFile });
    try {
      const first = thread.run(runJob(replayable()));
      const abort = new AbortController();
      const words: string[] = [];
      const queued = thread.run(runJob(replayable()), {
        signal: abort.signal,
        onProgress: (m) => words.push(m),
      });
      expect(words).toEqual(['waiting for the replay before it to end']);
      abort.abort();
      expect((await failureOf(queued)).error.code).toBe('CANCELLED');
      expect(await first).toHaveProperty('report');
    } finally {
      await thread.close();
    }
  });

  it('says in words, without a stack, a job that throws, a thread that fails and one that exits', async () => {
    const thread = new ReplayThread({ workerFile });
    try {
      const broken = {
        kind: 'compare',
        check: [{ side: 'A', run: null }],
        curves: null,
      } as unknown as ReplayJob;
      const threw = await failureOf(thread.run(broken));
      expect(threw.message).toMatch(/^The simulator could not replay these runs: /);
      expect(threw.message).not.toMatch(/\n\s+at /);
      // The thread survives a job that threw.
      expect(await thread.run(runJob(replayable()))).toHaveProperty('report');
    } finally {
      await thread.close();
    }
    const failing = join(dir, 'failing.cjs');
    writeFileSync(
      failing,
      "require('node:worker_threads').parentPort.on('message', () => { throw new Error('the disk is on fire'); });",
    );
    const failed = await failureOf(new ReplayThread({ workerFile: failing }).run(runJob(replayable())));
    expect(failed.message).toBe("The simulator's worker thread failed: the disk is on fire");
    const exiting = join(dir, 'exiting.cjs');
    writeFileSync(exiting, "require('node:worker_threads').parentPort.on('message', () => process.exit(3));");
    const exited = await failureOf(new ReplayThread({ workerFile: exiting }).run(runJob(replayable())));
    expect(exited.message).toBe("The simulator's worker thread stopped (exit code 3) before it answered.");
  });

  it('takes its time guard from BPLAB_WHATIF_LIMIT_MINUTES, and refuses a limit that is not one, in words', () => {
    expect(replayLimitMs({})).toBe(10 * 60_000);
    expect(replayLimitMs({ BPLAB_WHATIF_LIMIT_MINUTES: '30' })).toBe(30 * 60_000);
    expect(() => replayLimitMs({ BPLAB_WHATIF_LIMIT_MINUTES: 'soon' })).toThrow(
      'BPLAB_WHATIF_LIMIT_MINUTES is "soon": it takes a number of minutes above 0, such as 30.',
    );
  });
});
