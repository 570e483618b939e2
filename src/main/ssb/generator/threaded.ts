/**
 * A table's .tbl bytes made in a worker thread (worker.ts, built as dist/main/generator-worker.cjs),
 * read as the same Readable createTableStream gives: same options, same bytes. A few chunks are
 * asked for ahead so the worker works while the server takes the previous one; destroying the
 * stream ends the worker. Where no worker file is built (tests running the TypeScript sources), the
 * generator runs in this thread, as before.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { SsbTable } from '../../../shared/datasets/datasets';
import { DEFAULT_CHUNK_BYTES, createTableStream, type TableStreamOptions } from './stream';

export interface WorkerStart {
  table: SsbTable;
  opts: Omit<TableStreamOptions, 'chunkBytes'>;
  chunkBytes: number;
}
export type WorkerRequest = 'more';
export type WorkerReply = { bytes: Uint8Array; used: number } | { done: true } | { error: string };

/** The file name the build gives the worker, beside the bundle that runs it. */
export const GENERATOR_WORKER_FILE = 'generator-worker.cjs';

/** Chunks asked for ahead of the reader: enough to keep both threads busy, a megabyte at most. */
const AHEAD = 4;

/**
 * Where the built worker is: BPLAB_GENERATOR_WORKER if set (the benchmarks bundle their own), else
 * beside this bundle; undefined when there is none, and the generator then runs in this thread.
 */
export function generatorWorkerFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BPLAB_GENERATOR_WORKER) return resolve(env.BPLAB_GENERATOR_WORKER);
  if (typeof __dirname === 'undefined') return undefined;
  const beside = join(__dirname, GENERATOR_WORKER_FILE);
  return existsSync(beside) ? beside : undefined;
}

/** The table's stream, made in a worker thread when one is built, else in this thread. */
export function createGeneratorStream(
  table: SsbTable,
  opts: TableStreamOptions,
  workerFile: string | undefined = generatorWorkerFile(),
): Readable {
  return workerFile ? createThreadedTableStream(table, opts, workerFile) : createTableStream(table, opts);
}

/** The table's stream, made by the worker in `workerFile`. */
export function createThreadedTableStream(
  table: SsbTable,
  opts: TableStreamOptions,
  workerFile: string,
): Readable {
  const { chunkBytes = DEFAULT_CHUNK_BYTES, ...rest } = opts;
  const start: WorkerStart = { table, opts: rest, chunkBytes };
  const worker = new Worker(workerFile, { workerData: start });
  let asked = 0;
  let finished = false;
  const ask = (): void => {
    while (!finished && asked < AHEAD) {
      asked++;
      worker.postMessage('more' satisfies WorkerRequest);
    }
  };
  const stream = new Readable({
    highWaterMark: chunkBytes,
    read() {
      ask();
    },
    destroy(err, callback) {
      finished = true;
      void worker.terminate().finally(() => callback(err));
    },
  });
  worker.on('message', (reply: WorkerReply) => {
    asked--;
    if (finished) return;
    if ('error' in reply) {
      finished = true;
      stream.destroy(new Error(reply.error));
    } else if ('done' in reply) {
      finished = true;
      stream.push(null);
      void worker.terminate();
    } else if (stream.push(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.used))) ask();
  });
  worker.on('error', (e) => {
    finished = true;
    stream.destroy(new Error(`the generator's worker thread failed: ${e.message}`));
  });
  worker.on('exit', (code) => {
    if (!finished) {
      finished = true;
      stream.destroy(
        new Error(`the generator's worker thread stopped (exit code ${code}) before the table was done`),
      );
    }
  });
  return stream;
}
