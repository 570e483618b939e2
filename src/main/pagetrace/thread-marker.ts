/**
 * The OS thread serving a connection on a server that does not name it (MySQL 5.6: its
 * performance_schema.threads has no THREAD_OS_ID): a uprobe on the function that runs each statement
 * catches a statement that carries a one-off marker, sent on that connection, and prints the thread
 * that ran it. One short bpftrace of one probe, before the trace itself.
 */
import type { RowsReader } from './counter-window';
import { boundToParent } from './parent-bound';
import type { Spawn } from './tracer';
import type { ThreadMarker } from './probes';

const TID_LINE = /^TID (\d+)$/m;

/** The thread that runs `conn`'s statements, found by a marked statement; throws in words. */
export async function markedThreadId(
  spawn: Spawn,
  bpftrace: string,
  binary: string,
  marker: ThreadMarker,
  conn: RowsReader,
  timeoutMs = 60_000,
): Promise<number> {
  const sql = `SELECT 'bplab-thread-${process.pid}-${Date.now().toString(36)}'`;
  const program = `BEGIN { printf("READY\\n"); }
uprobe:${binary}:${marker.symbol} {
  if (strncmp(str(arg${marker.statementArg}), "${sql}", ${sql.length}) == 0) { printf("TID %d\\n", tid); exit(); }
}`;
  const run = boundToParent(bpftrace, ['-e', program]);
  const child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (c: string) => (err += c));
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bpftrace did not find the run's thread within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      child.on('close', (code) => {
        clearTimeout(timer);
        const m = TID_LINE.exec(out);
        if (m) resolve(Number(m[1]));
        else
          reject(
            new Error(
              `bpftrace could not find the run's thread (code ${code}): ${err.trim() || 'it said nothing'}`,
            ),
          );
      });
      let sent = false;
      child.stdout?.on('data', (c: string) => {
        out += c;
        if (!sent && out.includes('READY')) {
          sent = true;
          conn.rows(sql).catch((e: unknown) => reject(e as Error));
        }
      });
    });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
