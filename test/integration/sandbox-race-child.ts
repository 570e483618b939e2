/**
 * One bplab process in the sandbox race (sandbox-race.test.ts), on the shared data folder given:
 * when its stdin says "go" it deletes or restarts the sandbox, or starts a load into it (a task
 * that holds its lease until stdin closes), and prints one JSON line: {"answer":"ok"} or the error's
 * code and message. Its process probe is slow (test/support/slow-probe.ts). Whatever it took it holds
 * until its stdin closes, a delete's or restart's lease too: a delete takes 0.3 s, so a racer let go
 * of it at once could find it ended, and go ahead, however close to the others it started.
 */
import { join } from 'node:path';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { LeaseStore } from '../../src/main/tasks/leases';
import { currentProcess } from '../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../src/main/tasks/registry';
import { AppFailure } from '../../src/shared/result';
import { slowProbe } from '../support/slow-probe';

const [dataDir, role, sandboxId, profileId] = process.argv.slice(2) as [string, string, string, string];
const held = new Promise<void>((resolve) => process.stdin.on('end', resolve));

/** The racer's leases, each let go only when its stdin closes (every racer's at the same time). */
class HeldLeases extends LeaseStore {
  override release(id: string): void {
    void held.then(() => super.release(id));
  }
}
const leases = new HeldLeases({
  dir: join(dataDir, 'leases'),
  self: currentProcess(`bplab racer ${role}`),
  probe: slowProbe,
});
const sandboxes = new SandboxService({ root: join(dataDir, 'sandboxes'), leases });
const tasks = new TaskRegistry({ leases, onProgress: () => {} });

let input = '';
process.stdin.on('data', (d: Buffer) => {
  input += d.toString();
  if (input === 'go\n') void race().then((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
});
process.stdout.write('ready\n');

async function race(): Promise<{ answer: string; message?: string }> {
  try {
    if (role === 'delete') await sandboxes.delete(sandboxId);
    else if (role === 'restart') await sandboxes.restart(sandboxId);
    else
      tasks.start(
        {
          kind: 'dataset-load',
          title: 'load ssb_race',
          profileId,
          schema: 'ssb_race',
          sandboxId,
          exclusive: { scope: { profileId, schema: 'ssb_race' }, doing: 'load ssb_race' },
        },
        () => held,
      );
    return { answer: 'ok' };
  } catch (e) {
    return e instanceof AppFailure
      ? { answer: e.error.code, message: e.error.message }
      : { answer: 'error', message: String(e) };
  }
}
