/**
 * Where sysbench is and which version it is: a path given (the load's sysbenchPath, the CLI's
 * --sysbench, BPLAB_SYSBENCH), else `sysbench` on PATH. Only 1.x is used (its Lua report hooks and
 * LuaJIT's FFI are what bplab's script reads the seconds through); anything else leaves the load to
 * bplab's own engine.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface SysbenchFound {
  path: string;
  /** e.g. "1.0.20" */
  version: string;
}

/** `sysbench` on PATH, or null. */
export function sysbenchOnPath(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, process.platform === 'win32' ? 'sysbench.exe' : 'sysbench');
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** What `PATH --version` answered: sysbench's version ("sysbench 1.0.20 (using ...)"), or why not, in words. */
export type SysbenchVersionCheck = { version: string } | { notSysbench: string };

/** The first line a program printed, cut short, for a message: "foo 2.3", or null when it printed nothing. */
function firstLine(text: string): string | null {
  const line = text
    .split(/\r?\n/)
    .find((l) => l.trim() !== '')
    ?.trim();
  if (!line) return null;
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

export function sysbenchVersion(path: string): Promise<SysbenchVersionCheck> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 10_000 }, (err, stdout, stderr) => {
      const m = /sysbench\s+(\d+\.\d+(?:\.\d+)?)/.exec(String(stdout));
      if (m) return resolve({ version: m[1]! });
      const code = (err as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') return resolve({ notSysbench: 'there is no such file' });
      if (code === 'EACCES') return resolve({ notSysbench: 'it is not a program this user may run' });
      if (err?.killed) return resolve({ notSysbench: 'it did not answer --version in 10 s' });
      const printed = firstLine(String(stdout)) ?? firstLine(String(stderr));
      resolve({
        notSysbench: printed
          ? `asked its --version, it printed "${printed}"`
          : 'asked its --version, it printed nothing',
      });
    });
  });
}

/**
 * sysbench to drive the load with: the path given (an error in words if it does not run or is not
 * 1.x), else the one on PATH when it is 1.x, else null (bplab's own engine).
 */
export async function findSysbench(
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SysbenchFound | { problem: string } | null> {
  const path = given ?? env.BPLAB_SYSBENCH ?? sysbenchOnPath(env);
  if (!path) return null;
  const check = await sysbenchVersion(path);
  if ('version' in check && check.version.startsWith('1.')) return { path, version: check.version };
  if (given ?? env.BPLAB_SYSBENCH)
    return {
      problem:
        'version' in check
          ? `${path} is sysbench ${check.version}; bplab drives sysbench 1.x only.`
          : `${path} is not sysbench: ${check.notSysbench}.`,
    };
  return null;
}
