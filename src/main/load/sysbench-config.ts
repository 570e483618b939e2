/**
 * How the password reaches sysbench: a config file (--config-file) that is a FIFO in the step's
 * private folder (mode 0600 inside a 0700 mkdtemp folder), written by bplab while sysbench reads it,
 * so that the password is never on sysbench's command line nor on disk. Not its stdin: Node's child
 * stdin is a socketpair, which open("/dev/stdin") refuses (ENXIO); sysbench then printed
 * "/dev/stdin: No such device or address" and connected without a password.
 */
import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppFailure } from '../../shared/result';

export interface SysbenchConfigFile {
  /** Where sysbench reads it: --config-file=<path>. */
  path: string;
  /** Once sysbench has ended: lets a write still waiting for a reader end; resolves when it has. */
  done(): Promise<void>;
}

/** The config file sysbench reads: the password, quoted. */
export function sysbenchConfig(password: string): string {
  const q = password.includes('"') ? "'" : '"';
  return `mysql-password=${q}${password}${q}\n`;
}

/** Makes the FIFO in `dir` and starts writing the config into it; sysbench's open of it lets the write go. */
export async function sysbenchConfigFile(dir: string, password: string): Promise<SysbenchConfigFile> {
  const path = join(dir, 'bplab-sysbench.cnf');
  try {
    await promisify(execFile)('mkfifo', ['-m', '600', path]);
  } catch (e) {
    throw AppFailure.of(
      'INTERNAL',
      `bplab could not make the FIFO that hands sysbench its password (mkfifo): ${(e as Error).message}`,
    );
  }
  // Opening the writing end waits (in a pool thread) until sysbench opens the file to read it.
  const written = open(path, 'w')
    .then(async (fh) => {
      try {
        await fh.writeFile(sysbenchConfig(password));
      } finally {
        await fh.close();
      }
    })
    .catch(() => {});
  return {
    path,
    done: async () => {
      // sysbench never opened it (it failed before reading its options): a reader of our own lets the
      // waiting open return; its write then fails (no reader left) and is dropped.
      try {
        closeSync(openSync(path, constants.O_RDONLY | constants.O_NONBLOCK));
      } catch {
        // the FIFO is gone with its folder
      }
      await written;
    },
  };
}
