/**
 * One bplab process in the lease race (lease-race.test.ts): when its stdin says "go" it starts a load
 * of the same schema as its rivals and prints whether it got the lease, then holds it until its
 * stdin closes. Its process probe is slow, as a busy machine's /proc can be, which widens the time
 * between the BUSY check and the lease: the window the folder lock closes.
 */
import { LeaseStore } from '../../../src/main/tasks/leases';
import { currentProcess, systemProbe, type ProcessProbe } from '../../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../../src/main/tasks/registry';
import { AppFailure } from '../../../src/shared/result';

const [dir] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));
const slowProbe: ProcessProbe = {
  ...systemProbe,
  exists: (pid) => {
    Atomics.wait(pause, 0, 0, 40);
    return systemProbe.exists(pid);
  },
};
const tasks = new TaskRegistry({
  leases: new LeaseStore({ dir: dir!, self: currentProcess(`bplab racer ${process.pid}`), probe: slowProbe }),
  onProgress: () => {},
});
let input = '';
const held = new Promise<void>((resolve) => process.stdin.on('end', resolve));
process.stdin.on('data', (d: Buffer) => {
  input += d.toString();
  if (input === 'go\n') race();
});
process.stdout.write('ready\n');

function race(): void {
  let answer: string;
  try {
    tasks.start(
      {
        kind: 'dataset-load',
        title: 'load ssb_race',
        profileId: 'p',
        schema: 'ssb_race',
        exclusive: { scope: { profileId: 'p', schema: 'ssb_race' }, doing: 'load ssb_race' },
      },
      () => held,
    );
    answer = 'took';
  } catch (e) {
    answer = e instanceof AppFailure ? e.error.code : String(e);
  }
  process.stdout.write(`${answer}\n`);
}
