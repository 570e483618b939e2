/**
 * The CLI's what-if replays (bplab whatif, bplab report --whatif): in the simulator's worker thread,
 * as the app runs them, its progress on stderr, Ctrl-C cancelling the replay (its thread is
 * terminated and the command fails CANCELLED, saying so), the thread ended when the command is done.
 */
import type { ReplayJob, AnswerOf } from '../whatif/replay-protocol';
import { ReplayThread } from '../whatif/replay-thread';
import type { CliIo } from './command';

export interface CliReplay {
  run<J extends ReplayJob>(job: J): Promise<AnswerOf<J>>;
  close(): Promise<void>;
}

export function cliReplay(io: CliIo): CliReplay {
  const thread = new ReplayThread();
  const stop = new AbortController();
  let closed = false;
  void io.stopRequested.then((signal) => {
    if (closed) return;
    io.err(`bplab: ${signal}: cancelling the replay ...`);
    stop.abort();
  });
  return {
    run: (job) =>
      thread.run(job, { signal: stop.signal, onProgress: (message) => io.err(`bplab: what if: ${message}`) }),
    close: async () => {
      closed = true;
      await thread.close();
    },
  };
}
