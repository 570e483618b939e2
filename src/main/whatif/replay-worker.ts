/**
 * The simulator in a worker thread: the entry of dist/main/whatif-worker.cjs. A replay at SF 1 is
 * tens of seconds of CPU; here it never holds the main thread, so every other request (live polling
 * included) is answered meanwhile, and a replay the user leaves, or one past its time guard, ends by
 * terminating this thread. It answers one job at a time (replay-thread.ts sends them so) and keeps
 * its traces between jobs. replay-thread.ts is the other end.
 */
import { parentPort } from 'node:worker_threads';
import { answerJob } from './replay-jobs';
import type { MainMessage, WorkerMessage } from './replay-protocol';
import { TraceCache } from './replay-runs';

const port = parentPort;
if (!port) throw new Error('whatif-worker.cjs runs only as a worker thread');
const post = (m: WorkerMessage) => port.postMessage(m);
const cache = new TraceCache();

port.on('message', (msg: MainMessage) => {
  if (msg.type !== 'job') return;
  const { id, job } = msg;
  answerJob(job, cache, (message, fraction) => post({ type: 'progress', id, message, fraction })).then(
    (answer) => post({ type: 'done', id, answer }),
    (e: unknown) => post({ type: 'failed', id, message: e instanceof Error ? e.message : String(e) }),
  );
});
