/**
 * A panel's what-if replays (ReplayRequests, behind useReplay): the replay starts as a task, shows its
 * own task's progress words only, answers the replay tasks/wait gives, and a panel left while its
 * replay runs asks main to cancel that task (main then terminates the simulator's thread). The API is
 * a stand-in transport here (the real one is tested in whatif.test and e2e).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { TaskOutcome } from '../../../src/shared/app/tasks';
import { setApi } from '../../../src/renderer/lib/api';
import { ReplayRequests, type ReplayView } from '../../../src/renderer/lib/replay-requests';
import { fakeEvents } from './fake-events';

const events = fakeEvents();
const asked: Array<[string, unknown]> = [];
let answerWait: (outcome: TaskOutcome) => void = () => {};

const fakeApi: BplabApi = {
  invoke: ((name: string, args: unknown): Promise<unknown> => {
    asked.push([name, args]);
    if (name === 'runs/whatif') return Promise.resolve({ ok: true, value: { taskId: 'w1' } });
    if (name === 'tasks/wait')
      return new Promise((resolve) => (answerWait = (value) => resolve({ ok: true, value })));
    if (name === 'tasks/cancel')
      return Promise.resolve({ ok: true, value: { taskId: 'w1', cancelled: true } });
    return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_REQUEST', message: name } });
  }) as BplabApi['invoke'],
  on: events.on,
};

const progress = (taskId: string, message: string) =>
  events.emit('task/progress', { taskId, phase: 'replaying', fraction: null, message, done: false });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ReplayRequests', () => {
  beforeEach(() => {
    events.clear();
    asked.length = 0;
    setApi(fakeApi);
  });

  it("shows its own task's progress and answers the replay tasks/wait gives", async () => {
    const views: ReplayView[] = [];
    const requests = new ReplayRequests((v) => views.push(v));
    requests.enter();
    const ended = requests.run(() => fakeApi.invoke('runs/whatif', { runId: 'r1', points: 12 }));
    await settle();
    progress('someone-else', 'loading ssb_sf1');
    progress('w1', 'replaying Q1.1 on A (run 1 of 2)');
    expect(views.at(-1)).toEqual({ progress: 'replaying Q1.1 on A (run 1 of 2)', cancelling: false });
    answerWait({ taskId: 'w1', kind: 'whatif', whatif: { unavailable: 'the run holds no EXPLAIN' } });
    expect(await ended).toEqual({ ok: true, value: { unavailable: 'the run holds no EXPLAIN' } });
    expect(views.at(-1)).toEqual({ progress: null, cancelling: false });
    expect(asked.map(([n]) => n)).toEqual(['runs/whatif', 'tasks/wait']);
  });

  it('cancels the running replay when its panel is left, and stops following progress', async () => {
    const requests = new ReplayRequests(() => {});
    requests.enter();
    void requests.run(() => fakeApi.invoke('runs/whatif', { runId: 'r1', points: 12 }));
    await settle();
    requests.leave();
    await settle();
    expect(asked).toContainEqual(['tasks/cancel', { taskId: 'w1' }]);
    expect(events.listening('task/progress')).toBe(0);
  });

  it('says when asked to cancel, and a panel left with nothing running cancels nothing', async () => {
    const views: ReplayView[] = [];
    const requests = new ReplayRequests((v) => views.push(v));
    requests.enter();
    requests.leave();
    expect(asked).toEqual([]);
    requests.enter();
    void requests.run(() => fakeApi.invoke('runs/whatif', { runId: 'r1', points: 12 }));
    await settle();
    requests.cancel();
    expect(views.at(-1)).toEqual({ progress: null, cancelling: true });
    await settle();
    expect(asked).toContainEqual(['tasks/cancel', { taskId: 'w1' }]);
  });
});
