/**
 * The generator in a worker thread: the entry of dist/main/generator-worker.cjs. It makes one chunk
 * each time the main thread asks for one, and hands the chunk's memory over (no copy), so the main
 * thread's event loop only passes bytes on to the server while rows are made: a live view in the
 * same process stays smooth during a load. threaded.ts is the other end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createTableSource } from './stream';
import type { WorkerRequest, WorkerReply, WorkerStart } from './threaded';

const port = parentPort;
if (!port) throw new Error('generator-worker.cjs runs only as a worker thread');
const start = workerData as WorkerStart;
let source: ReturnType<typeof createTableSource> | undefined;

port.on('message', (msg: WorkerRequest) => {
  if (msg !== 'more') return;
  let reply: WorkerReply;
  try {
    source ??= createTableSource(start.table, start.opts);
    if (source.done) reply = { done: true };
    else {
      // A fresh, unpooled buffer of its own: its memory can move to the main thread.
      const bytes = new Uint8Array(Math.max(start.chunkBytes, source.maxChunkBytes));
      reply = { bytes, used: source.fill(bytes, 0, bytes.length) };
    }
  } catch (e) {
    reply = { error: e instanceof Error ? e.message : String(e) };
  }
  if ('bytes' in reply) port.postMessage(reply, [reply.bytes.buffer as ArrayBuffer]);
  else port.postMessage(reply);
});
