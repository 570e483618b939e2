/**
 * Passwords on the command line come from the environment (BPLAB_PASSWORD_<PROFILE>, BPLAB_PASSWORD;
 * read by the session secret store) or from a prompt that does not echo. They are never arguments
 * (shell history, ps) and never written anywhere.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { AppFailure } from '../../shared/result';

export function promptPassword(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let muted = false;
    const output = new Writable({
      write(chunk, _enc, cb) {
        if (!muted) process.stderr.write(chunk);
        cb();
      },
    });
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    rl.on('SIGINT', () => {
      rl.close();
      reject(AppFailure.of('CANCELLED', 'no password given'));
    });
    muted = true;
  });
}

/**
 * Runs a request that may need the profile's password; on PASSWORD_REQUIRED asks once at the
 * terminal (when there is one) and tries again with it.
 */
export async function withPassword<T>(
  profileId: string,
  attempt: (password?: string) => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code !== 'PASSWORD_REQUIRED') throw e;
    if (!process.stdin.isTTY) {
      throw AppFailure.of('PASSWORD_REQUIRED', `profile ${profileId} needs a password`, {
        hint: `set BPLAB_PASSWORD_${profileId.toUpperCase().replace(/[^A-Z0-9]/g, '_')} (or BPLAB_PASSWORD) in the environment`,
      });
    }
    return attempt(await promptPassword(`password for profile ${profileId}: `));
  }
}
