/**
 * Every bpftrace bplab starts is written to this journal (the data folder's tracer-journal.json) as it
 * starts, and removed once it has ended. A bplab killed mid-trace leaves its bpftrace running with its
 * uprobes on the server's binary, slowing every page request: the next bplab on the folder (at its
 * start, and before each trace) stops the tracers whose bplab is gone, and says so in a line. As the
 * settings journal (server/settings-journal.ts) does for global settings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-file';
import {
  currentProcess,
  describeProcess,
  liveness,
  systemProbe,
  type ProcessIdentity,
  type ProcessProbe,
} from '../tasks/process-identity';

export interface TracerEntry {
  /** The bpftrace process, its start time told apart from a later process with its pid. */
  tracer: ProcessIdentity;
  /** The bplab process that started it: while it lives, the tracer is its own to stop. */
  owner: ProcessIdentity;
  /** The server binary its probes are on. */
  binary: string;
  at: string;
}

/** How long a stopped tracer may take to go, ms: its probes go with it. */
const GONE_WAIT_MS = 5_000;

export class TracerJournal {
  readonly file: string;

  constructor(
    dataDir: string,
    /** Where the line about a tracer stopped goes (the app's log). */
    private readonly log: (line: string) => void = () => {},
    private readonly probe: ProcessProbe = systemProbe,
  ) {
    this.file = join(dataDir, 'tracer-journal.json');
  }

  /** A bpftrace just started on `binary` by this process. */
  add(pid: number, binary: string): void {
    const tracer: ProcessIdentity = {
      pid,
      host: this.probe.host(),
      startTime: this.probe.startTime(pid),
      command: `bpftrace on ${binary}`,
    };
    const owner = currentProcess('bplab', this.probe);
    this.write([...this.read(), { tracer, owner, binary, at: new Date().toISOString() }]);
  }

  /** The bpftrace ended (or was never running): its entry goes. */
  remove(pid: number): void {
    const owner = process.pid;
    const entries = this.read();
    const kept = entries.filter((e) => !(e.tracer.pid === pid && e.owner.pid === owner));
    if (kept.length !== entries.length) this.write(kept);
  }

  /**
   * Stops the tracers whose bplab is gone and that still run (SIGKILL: the kernel detaches their
   * probes as they exit); returns and logs a line for each. A tracer whose bplab lives is left alone.
   */
  async sweep(): Promise<string[]> {
    const entries = this.read();
    const lines: string[] = [];
    const kept: TracerEntry[] = [];
    for (const e of entries) {
      if (liveness(e.owner, this.probe) !== 'gone') {
        kept.push(e);
        continue;
      }
      if (liveness(e.tracer, this.probe) !== 'alive') continue;
      try {
        process.kill(e.tracer.pid, 'SIGKILL');
      } catch (err) {
        lines.push(
          `bpftrace pid ${e.tracer.pid}, left tracing ${e.binary} by ${describeProcess(e.owner, this.probe)} since ${e.at}, could not be stopped (${(err as Error).message}): stop it by hand, its probes slow that server`,
        );
        kept.push(e);
        continue;
      }
      const t0 = Date.now();
      while (liveness(e.tracer, this.probe) === 'alive' && Date.now() - t0 < GONE_WAIT_MS)
        await new Promise((r) => setTimeout(r, 50));
      lines.push(
        `stopped bpftrace pid ${e.tracer.pid}, left tracing ${e.binary} since ${e.at} by ${describeProcess(e.owner, this.probe)}, which ended without stopping it: its probes were slowing every page request of that server`,
      );
    }
    if (kept.length !== entries.length) this.write(kept);
    for (const line of lines) this.log(line);
    return lines;
  }

  private read(): TracerEntry[] {
    if (!existsSync(this.file)) return [];
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(parsed) ? (parsed as TracerEntry[]) : [];
    } catch {
      // A torn file names no tracer: nothing to stop from it.
      return [];
    }
  }

  private write(entries: TracerEntry[]): void {
    writeFileAtomic(this.file, `${JSON.stringify(entries, null, 2)}\n`);
  }
}
