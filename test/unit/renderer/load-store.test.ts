/**
 * The OLTP load screen: the form's fields said wrong in words before anything is sent; a started load
 * follows its own 'load/second' and 'load/step' events only (another task's are left out), the live view
 * follows its pool samples under the load's run id, and how it ended is said. The API is a stand-in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { LoadResult, LoadSecond, LoadStep } from '../../../src/shared/load/oltp-load';
import { setApi } from '../../../src/renderer/lib/api';
import { useLive } from '../../../src/renderer/lib/live-store';
import { followLoadEvents, useLoad } from '../../../src/renderer/features/load/stores/load-store';
import { checkLoadForm, DEFAULT_LOAD_FORM } from '../../../src/renderer/features/load/utils/load-form';
import {
  loadOutcomeWords,
  loadPoolSample,
  poolPagesRows,
} from '../../../src/renderer/features/load/utils/pool-pages';
import type { PoolStats } from '../../../src/shared/runs/runs';
import { fakeEvents } from './fake-events';

const events = fakeEvents();
let sent: unknown[] = [];
let finish: (load: LoadResult) => void = () => {};
const fakeApi: BplabApi = {
  invoke: ((name: string, args: unknown): Promise<unknown> => {
    sent.push([name, args]);
    if (name === 'load/open-mixed')
      return Promise.resolve(
        (args as { file: string }).file === 'm.json'
          ? { ok: true, value: { kind: 'bplab-mixed-load' } }
          : {
              ok: false,
              error: { code: 'NOT_FOUND', message: 'x.json cannot be read: there is no such file.' },
            },
      );
    if (name === 'load/start') return Promise.resolve({ ok: true, value: { taskId: 't1' } });
    if (name === 'tasks/wait')
      return new Promise(
        (resolve) =>
          (finish = (load) =>
            resolve({
              ok: true,
              value: {
                taskId: 't1',
                kind: 'oltp-load',
                load,
                file: '/data/loads/2026-11-27T10-00-00-000Z-point-select.bplab-load.json',
              },
            })),
      );
    return Promise.resolve({ ok: true, value: null });
  }) as BplabApi['invoke'],
  on: events.on,
};

const second = (at: number, queries: number): LoadSecond => ({
  at,
  warmup: false,
  queries,
  transactions: queries,
  errors: 0,
  reconnects: 0,
  seconds: 1,
  latency: { p50: 1, p95: 2, p99: 3, max: 4 },
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the load form', () => {
  it('asks for the sweep it says', () => {
    expect(checkLoadForm({ ...DEFAULT_LOAD_FORM, clients: '1, 8,64', rows: '5000', seconds: '2.5' })).toEqual(
      {
        ok: true,
        spec: {
          schema: 'sbtest',
          workload: 'point-select',
          tables: 1,
          rows: 5000,
          clients: [1, 8, 64],
          seconds: 2.5,
        },
        driver: {},
      },
    );
  });

  it('says a wrong field in words, naming it', () => {
    const problem = (patch: object) => {
      const c = checkLoadForm({ ...DEFAULT_LOAD_FORM, ...patch });
      return c.ok ? null : c.problem;
    };
    expect(problem({ clients: '1,,4' })).toBe(
      'Clients takes counts separated by commas, e.g. 1,4,16: Each client count must be a whole number from 1 to 4,096, not "".',
    );
    expect(problem({ tables: '0' })).toBe('Tables must be a whole number from 1 to 1,024, not "0".');
    expect(problem({ seconds: '0.1' })).toBe('Seconds per step must be from 0.5 to 86,400, not "0.1".');
    expect(problem({ schema: 'a b' })).toBe('The schema must be 1 to 64 letters, digits, _ or $, not "a b".');
  });
});

describe('the load store', () => {
  beforeEach(() => {
    events.clear();
    sent = [];
    setApi(fakeApi);
    useLoad.setState({
      form: DEFAULT_LOAD_FORM,
      running: false,
      taskId: null,
      seconds: [],
      steps: [],
      outcome: null,
      error: null,
      problem: null,
    });
  });

  it('refuses a bad form without sending anything', () => {
    useLoad.getState().edit({ rows: 'many' });
    useLoad.getState().start('p1');
    expect(useLoad.getState().problem).toMatch(/^Rows per table must be a whole number/);
    expect(sent).toEqual([]);
  });

  it("follows its own load's seconds and steps, its pool samples, and says how it ended", async () => {
    const off = followLoadEvents();
    useLoad.getState().start('p1');
    await tick();
    expect(sent[0]).toEqual([
      'load/start',
      {
        profileId: 'p1',
        spec: {
          schema: 'sbtest',
          workload: 'point-select',
          tables: 1,
          rows: 10000,
          clients: [1, 4, 16],
          seconds: 10,
        },
        driver: {},
      },
    ]);
    expect(useLive.getState().runId).toBe('load:t1');
    events.emit('load/second', { taskId: 't1', clients: 1, second: second(0, 900) });
    events.emit('load/second', { taskId: 'other', clients: 1, second: second(0, 5) });
    events.emit('load/step', { taskId: 't1', step: { clients: 1, qps: 900 } as LoadStep });
    expect(useLoad.getState().seconds.map((s) => s.second.queries)).toEqual([900]);
    expect(useLoad.getState().steps.map((s) => s.qps)).toEqual([900]);
    const done = { state: 'complete' } as LoadStep;
    finish({ state: 'complete', steps: [done, done, done], spec: { clients: [1, 4, 16] } } as LoadResult);
    await tick();
    expect(useLoad.getState()).toMatchObject({
      running: false,
      outcome: 'Complete: 3 of 3 steps measured.',
      file: '/data/loads/2026-11-27T10-00-00-000Z-point-select.bplab-load.json',
    });
    off();
    expect(events.listening('load/second')).toBe(0);
  });
});

describe('a mixed result opened by its path', () => {
  beforeEach(() => {
    setApi(fakeApi);
    useLoad.setState({ mixedPath: '', mixed: null, mixedError: null });
  });

  it('asks main for the path typed, and keeps the result or the refusal', async () => {
    useLoad.getState().setMixedPath(' m.json ');
    await useLoad.getState().openMixed();
    expect(useLoad.getState().mixed).toEqual({ kind: 'bplab-mixed-load' });
    useLoad.getState().setMixedPath('x.json');
    await useLoad.getState().openMixed();
    expect(useLoad.getState().mixedError?.message).toBe('x.json cannot be read: there is no such file.');
  });
});

describe("the pool's pages now", () => {
  it('sums free, young and old pages over the instances', () => {
    const pool = (poolSize: number, freeBuffers: number, databasePages: number, oldDatabasePages: number) =>
      ({ poolSize, freeBuffers, databasePages, oldDatabasePages }) as PoolStats;
    expect(
      poolPagesRows({ atMs: 0, pools: [pool(100, 10, 90, 30), pool(100, 5, 95, 35)] }).map((r) => r.value),
    ).toEqual(['200 pages', '15 pages', '120 pages', '65 pages']);
    expect(poolPagesRows(null)[0]!.value).toBe("no sample of this load's pool yet");
  });

  it("is this load's pool only: another run's samples in the live view are not shown as its own", () => {
    const sample = { atMs: 0, pools: [] };
    expect(loadPoolSample('load:t1', [sample], 't1')).toBe(sample);
    expect(loadPoolSample('run-of-an-experiment', [sample], 't1')).toBeNull();
    expect(loadPoolSample(null, [sample], 't1')).toBeNull();
  });
});

describe('how a load ended, in words', () => {
  it('says which engine drove it, after the steps measured', () => {
    const engine = {
      name: 'sysbench',
      version: '1.0.20',
      latency: 'per point select',
    } as LoadResult['engine'];
    const load = {
      state: 'complete',
      steps: [{ state: 'complete' }],
      spec: { clients: [1] },
      engine,
    } as LoadResult;
    expect(loadOutcomeWords(load)).toBe(
      'Complete: 1 of 1 step measured. Driven by sysbench 1.0.20; latency per point select.',
    );
  });
});
