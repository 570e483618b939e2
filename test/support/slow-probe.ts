/**
 * A process probe as slow as a busy machine's /proc can be, for racers (test/support/racers.ts): it
 * widens the time between a racer's check against the other processes and its lease, the window the
 * leases folder's lock closes. Kept apart from racers.ts, which the racers themselves do not bundle.
 */
import { systemProbe, type ProcessProbe } from '../../src/main/tasks/process-identity';

const pause = new Int32Array(new SharedArrayBuffer(4));

export const slowProbe: ProcessProbe = {
  ...systemProbe,
  exists: (pid) => {
    Atomics.wait(pause, 0, 0, 40);
    return systemProbe.exists(pid);
  },
};
