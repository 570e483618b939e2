/**
 * Talks to the e2e's bplab server over its WebSocket, as the page does, for fixtures a journey is
 * not about (e.g. a sandbox to log in to) and for cleanup.
 */
import WebSocket from 'ws';
import type { RequestArgs, RequestName, RequestResult, WireMessage } from '../../src/shared/contract';
import type { SandboxInfo } from '../../src/shared/models';
import type { Result } from '../../src/shared/result';
import { outcomeSandbox } from '../../src/shared/app/tasks';
import { e2eServer } from './env';

export async function callApi<N extends RequestName>(
  name: N,
  args: RequestArgs<N>,
): Promise<Result<RequestResult<N>>> {
  const { origin, token } = e2eServer();
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws?token=${token}`);
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return await new Promise((resolve, reject) => {
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as WireMessage;
        if (message.type === 'response' && message.id === 1)
          resolve(message.result as Result<RequestResult<N>>);
      });
      ws.once('close', () => reject(new Error(`e2e: the socket closed before ${name} answered`)));
      ws.send(JSON.stringify({ type: 'request', id: 1, name, args }));
    });
  } finally {
    ws.close();
  }
}

/** The value, or a thrown error with the AppError's words. */
export async function mustCall<N extends RequestName>(
  name: N,
  args: RequestArgs<N>,
): Promise<RequestResult<N>> {
  const result = await callApi(name, args);
  if (!result.ok)
    throw new Error(
      `e2e: ${name} failed: ${result.error.message}${result.error.hint ? ` (${result.error.hint})` : ''}`,
    );
  return result.value;
}

/** Creates (and by default starts) a sandbox, and waits for its task: the sandbox it left. */
export async function createSandbox(args: RequestArgs<'sandboxes/create'>): Promise<SandboxInfo> {
  const { taskId } = await mustCall('sandboxes/create', args);
  return sandboxOfTask(taskId);
}

/** Starts a sandbox and waits for its task: the sandbox as it left it. */
export async function startSandbox(id: string): Promise<SandboxInfo> {
  const { taskId } = await mustCall('sandboxes/start', { id });
  return sandboxOfTask(taskId);
}

async function sandboxOfTask(taskId: string): Promise<SandboxInfo> {
  const sandbox = outcomeSandbox(await mustCall('tasks/wait', { taskId }));
  if (!sandbox) throw new Error(`e2e: task ${taskId} left no sandbox`);
  return sandbox;
}

/** Removes sandboxes a failed journey may have left (by name prefix). */
export async function deleteSandboxes(prefix: string): Promise<void> {
  const list = await callApi('sandboxes/list', {});
  if (!list.ok) return;
  for (const s of list.value.filter((x) => x.name.startsWith(prefix))) {
    if (s.status === 'running' || s.status === 'starting') await callApi('sandboxes/stop', { id: s.id });
    await callApi('sandboxes/delete', { id: s.id });
  }
}

/** Polls datasets/list until the schema's load ended (any state but loading); returns its state. */
export async function waitForDatasetLoad(
  profileId: string,
  schema: string,
  timeoutMs = 180_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { datasets } = await mustCall('datasets/list', { profileId });
    const found = datasets.find((d) => d.schema === schema);
    if (found && found.activeTaskId === null && found.state !== 'loading') return found.state;
    if (Date.now() > deadline) throw new Error(`e2e: the load of ${schema} did not end in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
