/**
 * A bplab killed mid-trace (kill -9) leaves bpftrace running with its uprobes on the server's binary;
 * the next bplab on the data folder stops it at its start (the app's start sweeps the tracer journal)
 * and says so in a line, and leaves alone a tracer whose bplab still runs. The tracing side is a real
 * bplab process (test/support/trace-holder.ts) running bpftrace on this flavor's binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/main/app';
import { TracerJournal, type TracerEntry } from '../../src/main/pagetrace/tracer-journal';
import { systemProbe } from '../../src/main/tasks/process-identity';
import { testServer } from '../support/test-server';
import { traceHolder } from '../support/workers';

const server = testServer();
const started: ChildProcess[] = [];

/** A bplab holding a trace on the server's binary, once bpftrace is attached; its journal entry. */
async function holdTrace(dataDir: string): Promise<{ holder: ChildProcess; entry: TracerEntry }> {
  const holder = spawn(
    process.execPath,
    [await traceHolder(), dataDir, server.binaryPath, server.flavor, server.version],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(holder);
  let err = '';
  holder.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (c: Buffer) => c.toString().includes('tracing') && resolve());
    holder.once('exit', (code) => reject(new Error(`the trace holder ended (${code}): ${err}`)));
  });
  const entries = JSON.parse(readFileSync(join(dataDir, 'tracer-journal.json'), 'utf8')) as TracerEntry[];
  expect(entries.map((e) => e.owner.pid)).toEqual([holder.pid]);
  return { holder, entry: entries[0]! };
}

const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));

afterAll(async () => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
});

describe(`a tracer left by a bplab killed mid-trace on ${server.label}`, () => {
  it('is stopped at the next start, with a line; one whose bplab runs is left alone', async () => {
    const dataDir = mkdtempSync(join(server.scratchDir, 'tracer-journal-'));
    const { holder, entry } = await holdTrace(dataDir);
    const bpftrace = entry.tracer.pid;
    // Its bplab lives: the tracer is its own.
    expect(await new TracerJournal(dataDir).sweep()).toEqual([]);
    expect(systemProbe.exists(bpftrace)).toBe(true);

    holder.kill('SIGKILL');
    await exited(holder);
    // Killed with its bplab gone: bpftrace runs on, its probes attached.
    expect(systemProbe.exists(bpftrace)).toBe(true);
    expect(readFileSync(`/proc/${bpftrace}/cmdline`, 'utf8')).toContain('bpftrace');

    const lines: string[] = [];
    const app = await createApp({
      dataDir,
      version: 'test',
      transport: 'browser',
      log: (line) => lines.push(line),
      sandboxTemplates: null,
    });
    await app.shutdown();
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^stopped bpftrace pid ${bpftrace}, left tracing ${server.binaryPath} since .* by pid ${holder.pid} \\(bplab\\), which ended without stopping it: its probes were slowing every page request of that server$`,
        ),
      ),
    );
    expect(systemProbe.exists(bpftrace)).toBe(false);
    expect(JSON.parse(readFileSync(join(dataDir, 'tracer-journal.json'), 'utf8'))).toEqual([]);
  }, 120_000);
});
