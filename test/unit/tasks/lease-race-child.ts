/**
 * One bplab process in the lease race (lease-race.test.ts): when its stdin says "go" it starts a load
 * of the same schema as its rivals and prints whether it got the lease, then holds it until its
 * stdin closes. Its process probe is slow (test/support/slow-probe.ts).
 */
import { LeaseStore } from '../../../src/main/tasks/leases';
import { currentProcess } from '../../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../../src/main/tasks/registry';
import { AppFailure } from '../../../src/shared/result';
import { slowProbe } from '../../support/slow-probe';

const [dir] = process.argv.slice(2);
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
