/**
 * The renderer's one way to ask main for a what-if replay: started as a task (task-runner.ts), its
 * progress words followed from 'task/progress', cancellable, and cancelled when the panel that asked
 * is left: main then terminates the simulator's thread instead of replaying for no one. Plain
 * TypeScript, tested without React; replay.ts's useReplay ties it to a component's life.
 */
import { err, ok, type Result } from '../../shared/result';
import type { TaskStarted } from '../../shared/app/tasks';
import type { WhatIfAnswer } from '../../shared/whatif/answers';
import { onEvent } from './api';
import { runTask, type TaskHandle } from './task-runner';

export interface ReplayView {
  /** What the running replay is doing, in its task's words; null before its first word or when idle. */
  progress: string | null;
  cancelling: boolean;
}

/** One panel's replays, one at a time. */
export class ReplayRequests {
  private handle: TaskHandle | null = null;
  private taskId: string | null = null;
  private view: ReplayView = { progress: null, cancelling: false };
  private off: () => void = () => {};

  constructor(private readonly changed: (view: ReplayView) => void) {}

  /** The panel is shown: its replays' progress is followed. */
  enter(): void {
    this.off();
    this.off = onEvent('task/progress', (p) => {
      if (p.taskId === this.taskId && !p.done) this.show({ progress: p.message });
    });
  }

  /** Starts a replay (a request that answers its task) and answers how it ended: CANCELLED when cancelled. */
  async run(start: () => Promise<Result<TaskStarted>>): Promise<Result<WhatIfAnswer>> {
    this.show({ progress: null, cancelling: false });
    const h = runTask(start, (id) => (this.taskId = id));
    this.handle = h;
    const r = await h.outcome;
    if (this.handle === h) {
      this.handle = null;
      this.taskId = null;
      this.show({ progress: null, cancelling: false });
    }
    if (!r.ok) return r;
    if (r.value.kind !== 'whatif')
      return err('INTERNAL', `The replay's task answered a ${r.value.kind}, not a replay.`);
    return ok(r.value.whatif);
  }

  /** Cancels the running replay, if any. */
  cancel(): void {
    if (!this.handle) return;
    this.show({ cancelling: true });
    void this.handle.cancel();
  }

  /** The panel is left: nobody will read the running replay, so it is cancelled. */
  leave(): void {
    this.off();
    this.off = () => {};
    void this.handle?.cancel();
  }

  private show(patch: Partial<ReplayView>): void {
    this.view = { ...this.view, ...patch };
    this.changed(this.view);
  }
}
