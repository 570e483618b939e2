/**
 * The Queries screen's pool size for a sandbox (sandboxes/resize): the size as typed, read by the one
 * byte-size parser; whether it can be resized now; and what a resize did, in words. Main's resize
 * refuses a sandbox another bplab process holds, not this process's own work on it: a run going on
 * there, an experiment, a load, is checked here, from this process's tasks (tasks/list).
 */
import type { TaskInfo, TaskKind } from '../../../../shared/app/tasks';
import { parseByteSize } from '../../../../shared/byte-size';
import { formatBytes } from '../../../../shared/format';
import type { SandboxInfo, SandboxResize } from '../../../../shared/models';

/** The sandbox the chosen connection belongs to, or null when it is not a sandbox's (only those resize). */
export function resizeTarget(
  profiles: readonly { id: string; sandboxId?: string | undefined }[],
  profileId: string | null,
): { sandboxId: string; profileId: string } | null {
  const sandboxId = profiles.find((p) => p.id === profileId)?.sandboxId;
  return sandboxId && profileId ? { sandboxId, profileId } : null;
}

/** The size as typed (the sandbox form's way: "64M", "1G"), checked before it is sent. */
export function resizeSize(
  text: string,
  currentBytes: number | null,
): { ok: true; size: string } | { ok: false; error: string } {
  const size = text.trim();
  if (size === '') return { ok: false, error: 'write the new size, e.g. 64M or 1G' };
  let bytes: number;
  try {
    bytes = parseByteSize(size);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (bytes === currentBytes) return { ok: false, error: `the pool is ${formatBytes(bytes)} already` };
  return { ok: true, size };
}

/** What each kind of task is, to say what a resize waits for; null: it does not use the server. */
const BUSY_WORDS: Record<TaskKind, string | null> = {
  run: 'a run',
  experiment: 'an experiment',
  'oltp-load': 'an OLTP load',
  'dataset-load': 'a dataset load',
  'dataset-verify': 'a dataset verify',
  'dataset-drop': 'a dataset drop',
  'sandbox-create': 'its create',
  'sandbox-start': 'its start',
  whatif: null,
};

/** This process's tasks at work on the sandbox (by its id, or its connection's) that a resize must wait for. */
export function busyOn(
  tasks: readonly TaskInfo[],
  target: { sandboxId: string; profileId: string },
): TaskInfo[] {
  return tasks.filter(
    (t) =>
      t.owner.self &&
      t.state === 'running' &&
      BUSY_WORDS[t.kind] !== null &&
      (t.sandboxId === target.sandboxId || t.profileId === target.profileId),
  );
}

/** Whether the Resize button can be pressed, and why not in words when it cannot. */
export function resizeControl(state: {
  busy: readonly TaskInfo[];
  /** A run of this screen's is being started. */
  starting: boolean;
  resizing: boolean;
}): { disabled: boolean; note: string | null } {
  const task = state.busy[0];
  if (task)
    return {
      disabled: true,
      note: `${BUSY_WORDS[task.kind] ?? 'a task'} is under way on this sandbox (${task.title}): resize it when that ends`,
    };
  if (state.starting) return { disabled: true, note: 'a run is starting on this sandbox' };
  return { disabled: state.resizing, note: null };
}

/** What the sandbox does while its pool is resized by a restart ('sandboxes/changed'), or null. */
export function resizePhase(status: SandboxInfo['status']): string | null {
  if (status === 'stopping') return 'stopping the server, to start it with the new size…';
  if (status === 'starting') return 'starting the server with the new size…';
  return null;
}

/**
 * What the resize did: the size read back from the server afterwards (null: it could not be read),
 * kept across restarts, and how (online the pool keeps its pages; a restart starts it empty).
 */
export function resizeOutcomeWords(
  resize: Pick<SandboxResize, 'how' | 'sandbox'>,
  readBack: number | null,
): string {
  const asked = parseByteSize(resize.sandbox.spec.bufferPoolSize);
  if (resize.how === 'spec')
    return `The sandbox is stopped: it will start with a pool of ${formatBytes(asked)}, and keep it across restarts.`;
  const how =
    resize.how === 'online'
      ? 'resized online'
      : 'the server was restarted with it (it could not be resized online), so the pool starts empty';
  if (readBack === null)
    return `Pool set to ${formatBytes(asked)}, kept across restarts: ${how}; the server's size could not be read back.`;
  const got = readBack === asked ? '' : ` (asked ${formatBytes(asked)})`;
  return `Pool now ${formatBytes(readBack)}${got}, kept across restarts: ${how}.`;
}
