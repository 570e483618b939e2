/**
 * "sysbench alone" for bench/oltp.ts: sysbench 1.0's own oltp_point_select with exactly the flags bplab's
 * sysbench engine passes (sysbenchArgs: the same tables, rows, key distribution, range size,
 * prepared-statement mode, threads, --time and --report-interval=1) and the same config file (a FIFO
 * with the password line), so the two command lines differ only by bplab's script (its per-second
 * JSON and histogram hook). Its warm-up is the first seconds
 * of the same run, as the engine's is: the counted part is sysbench's final totals less the reports
 * of the warm-up seconds, over its total time less theirs (the engine counts the same way: its
 * seconds after the warm-up plus what its totals add after the last report).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sysbenchConfigFile } from '../../src/main/load/sysbench-config';
import { childCpuSeconds, sysbenchArgs, type SysbenchStepRequest } from '../../src/main/load/sysbench-step';

export interface AloneMeasure {
  queries: number;
  seconds: number;
  /** sysbench's own p99 of the whole run (its warm-up included: sysbench has no other). */
  p99: number;
  /** sysbench's own CPU seconds and queries over its whole run, warm-up included (as the engine's). */
  cpu: number;
  allQueries: number;
}

/**
 * sysbench alone's command line: the engine's (sysbenchArgs), config file included, with sysbench's own
 * script in place of bplab's wrapper around it.
 */
export function referenceArgs(req: SysbenchStepRequest, time: number, configFile: string): string[] {
  if (req.mix.mix === 'select-1') throw new Error('sysbench has no SELECT 1 script of its own');
  const script = req.mix.mix === 'read-only' ? 'oltp_read_only' : 'oltp_point_select';
  return sysbenchArgs(script, req, time, configFile);
}

/** One second's report line: "[ 3s ] thds: 4 tps: 812.00 qps: 812.00 (r/w/o: ...) lat (ms,99%): 1.2 ...". */
const SECOND = /^\[ *(\d+)s \] thds: \d+ tps: [\d.]+ qps: ([\d.]+) /;

export async function runSysbenchAlone(
  req: SysbenchStepRequest,
  path: string,
  atCounted: () => Promise<void>,
): Promise<AloneMeasure> {
  const warm = Math.ceil(req.warmupSeconds);
  const time = warm + Math.max(1, Math.ceil(req.seconds));
  // The same config file as the engine's (its FIFO with the password line), in a folder of its own.
  const dir = mkdtempSync(join(tmpdir(), 'bplab-sysbench-alone-'));
  const config = await sysbenchConfigFile(dir, req.connection.password);
  const args = referenceArgs(req, time, config.path);
  const cpu0 = childCpuSeconds();
  const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let warmQueries = 0;
  let warmSeconds = 0;
  let counting: Promise<void> | null = warm === 0 ? atCounted() : null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    out += `${line}\n`;
    const m = SECOND.exec(line);
    if (!m || Number(m[1]) > warm) return;
    warmQueries += Number(m[2]);
    warmSeconds = Number(m[1]);
    if (Number(m[1]) === warm) counting = atCounted();
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await config.done();
  rmSync(dir, { recursive: true, force: true });
  await counting;
  const queries = /queries:\s+(\d+)/.exec(out);
  const total = /total time:\s+([\d.]+)s/.exec(out);
  const p99 = /99th percentile:\s+([\d.]+)/.exec(out);
  if (code !== 0 || !queries || !total || !p99 || warmSeconds !== warm)
    throw new Error(`sysbench alone ended with code ${String(code)}:\n${out}${err}`);
  return {
    queries: Number(queries[1]) - Math.round(warmQueries),
    seconds: Number(total[1]) - warmSeconds,
    p99: Number(p99[1]),
    cpu: childCpuSeconds() - cpu0,
    allQueries: Number(queries[1]),
  };
}
