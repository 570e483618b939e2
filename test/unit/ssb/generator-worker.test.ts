/**
 * The generator in a worker thread gives the bytes the in-thread stream gives, ends its worker when
 * the reader stops early, and reports a failure in words. The worker is bundled here with esbuild,
 * as the build bundles it into dist/main.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableStream } from '../../../src/main/ssb/generator/stream';
import {
  GENERATOR_WORKER_FILE,
  createGeneratorStream,
  createThreadedTableStream,
  generatorWorkerFile,
} from '../../../src/main/ssb/generator/threaded';

let dir: string;
let workerFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-gen-worker-'));
  workerFile = join(dir, GENERATOR_WORKER_FILE);
  await build({
    entryPoints: ['src/main/ssb/generator/worker.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: workerFile,
    logLevel: 'warning',
  });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function digest(stream: Readable): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha: hash.digest('hex'), bytes };
}

describe('the generator in a worker thread', { timeout: 60_000 }, () => {
  it.each(['lineorder', 'customer', 'dim_date'] as const)(
    'writes the same %s bytes as in this thread',
    async (table) => {
      const opts = { sf: 0.01, seed: 1, chunkBytes: 16 * 1024 };
      const threaded = await digest(createThreadedTableStream(table, opts, workerFile));
      const inline = await digest(createTableStream(table, opts));
      expect(threaded.bytes).toBeGreaterThan(0);
      expect(threaded).toEqual(inline);
    },
  );

  it('ends its worker when the reader stops after the first chunk', async () => {
    const stream = createThreadedTableStream('lineorder', { sf: 1, seed: 1 }, workerFile);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
  });

  it('reports a generator error in words, as this thread does', async () => {
    const bad = { sf: -1, seed: 1 };
    let inlineError = 'no error';
    try {
      createTableStream('lineorder', bad);
    } catch (e) {
      inlineError = (e as Error).message;
    }
    const threaded = createThreadedTableStream('lineorder', bad, workerFile);
    const threadedError = await digest(threaded).then(
      () => 'no error',
      (e: Error) => e.message,
    );
    expect(inlineError).not.toBe('no error');
    expect(threadedError).toBe(inlineError);
  });

  it('reports a worker that cannot start in words', async () => {
    const stream = createThreadedTableStream('lineorder', { sf: 0.01, seed: 1 }, join(dir, 'missing.cjs'));
    await expect(digest(stream)).rejects.toThrow(/generator's worker thread/);
  });

  it('runs in this thread where no worker is built, and finds the one beside the bundle', () => {
    expect(generatorWorkerFile({})).toBeUndefined();
    expect(generatorWorkerFile({ BPLAB_GENERATOR_WORKER: workerFile })).toBe(workerFile);
    expect(generatorWorkerFile({ BPLAB_GENERATOR_WORKER: 'w.cjs' })).toBe(join(process.cwd(), 'w.cjs'));
    expect(createGeneratorStream('customer', { sf: 0.01, seed: 1 }, undefined).constructor.name).toBe(
      'Readable',
    );
  });
});
