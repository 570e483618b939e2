/**
 * The renderer's one way to ask main for a what-if replay: started as a task (task-runner.ts), its
 * progress words followed from 'task/progress', cancellable, and cancelled when the panel that asked
 * is left (unmounted): main then terminates the simulator's thread instead of replaying for no one.
 */
import { useEffect, useRef, useState } from 'react';
import { err, ok, type Result } from '../../shared/result';
import type { TaskStarted } from '../../shared/tasks';
import type { WhatIfAnswer } from '../../shared/whatif-answers';
import { onEvent } from './api';
import { runTask, type TaskHandle } from './task-runner';

export interface Replay {
  /** What the running replay is doing, in its task's words; null before its first word or when idle. */
  progress: string | null;
  /** Starts a replay (a request that answers its task) and answers how it ended: CANCELLED when cancelled. */
  run(start: () => Promise<Result<TaskStarted>>): Promise<Result<WhatIfAnswer>>;
  /** Cancels the running replay, if any. */
  cancel(): void;
  cancelling: boolean;
}

export function useReplay(): Replay {
  const [progress, setProgress] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const handle = useRef<TaskHandle | null>(null);
  const taskId = useRef<string | null>(null);
  useEffect(() => {
    const off = onEvent('task/progress', (p) => {
      if (p.taskId === taskId.current && !p.done) setProgress(p.message);
    });
    return () => {
      off();
      // The panel is left: nobody will read this replay.
      void handle.current?.cancel();
    };
  }, []);
  return {
    progress,
    cancelling,
    cancel: () => {
      if (!handle.current) return;
      setCancelling(true);
      void handle.current.cancel();
    },
    run: async (start) => {
      setProgress(null);
      setCancelling(false);
      const h = runTask(start, (id) => (taskId.current = id));
      handle.current = h;
      const r = await h.outcome;
      if (handle.current === h) {
        handle.current = null;
        taskId.current = null;
        setProgress(null);
        setCancelling(false);
      }
      if (!r.ok) return r;
      if (r.value.kind !== 'whatif')
        return err('INTERNAL', `The replay's task answered a ${r.value.kind}, not a replay.`);
      return ok(r.value.whatif);
    },
  };
}
