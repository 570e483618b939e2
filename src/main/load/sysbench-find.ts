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

/** The version `sysbench --version` prints ("sysbench 1.0.20 (using ...)"), or null if it does not run. */
export function sysbenchVersion(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 10_000 }, (err, stdout) => {
      const m = /sysbench\s+(\d+\.\d+(?:\.\d+)?)/.exec(String(stdout));
      resolve(err || !m ? null : m[1]!);
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
  const version = await sysbenchVersion(path);
  const usable = version !== null && version.startsWith('1.');
  if (usable) return { path, version };
  if (given ?? env.BPLAB_SYSBENCH)
    return {
      problem:
        version === null
          ? `${path} does not run as sysbench (sysbench --version gave no version).`
          : `${path} is sysbench ${version}; bplab drives sysbench 1.x only.`,
    };
  return null;
}
