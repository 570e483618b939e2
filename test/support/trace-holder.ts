/**
 * The tracing side of a bplab killed mid-trace (test/integration/tracer-journal.test.ts): starts
 * bpftrace on a server binary as bplab does, journalled in a data folder, says its pid on stdout,
 * then holds the trace open until it is killed. Its bpftrace is not bound to its life (as a bplab
 * before parent binding left it, or one on a machine whose setpriv has no --pdeathsig): what the
 * journal's sweep is for.
 *   node trace-holder.cjs DATA_DIR BINARY FLAVOR VERSION
 */
import { spawn } from 'node:child_process';
import { machineProbes, pageTraceReadiness } from '../../src/main/pagetrace/capability';
import { startPageTrace } from '../../src/main/pagetrace/tracer';
import { TracerJournal } from '../../src/main/pagetrace/tracer-journal';

async function main(): Promise<void> {
  const [dataDir, binary, flavor, version] = process.argv.slice(2) as [string, string, string, string];
  const ready = await pageTraceReadiness(machineProbes(), { flavor, version }, binary);
  if (!ready.ok) throw new Error(ready.why);
  const journal = new TracerJournal(dataDir);
  await startPageTrace(
    { spawn, bpftrace: ready.bpftrace, maxRecords: 1000, journal, boundToParent: false },
    binary,
    ready.table,
    // A process that is no server: the probes attach and record nothing.
    process.pid,
  );
  process.stdout.write('tracing\n');
  setInterval(() => {}, 60_000);
}

void main();
