/**
 * The what-if simulator on saved runs: simulated against measured pages read per run (the pool size
 * and old_blocks_time each run really had printed beside it), the time of a 16-point miss-ratio curve
 * for a whole flight sampled as SHARDS does beside the full simulation's (the reference), with the
 * largest miss-ratio error between them, and the simulator's touches per second beside a plain
 * Map-based LRU's on the same trace, alternating.
 *
 *   npm run bench:whatif -- DIR_OR_RUN.json ...     (saved runs: bplab query --json, or the data folder's runs/)
 * Goals (issue 20): within ±10% for 11 of 13 per flavor at 128 MB; a flight's curve < 2 s with an error < 0.02.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runReplay, type RunReplay } from '../src/main/whatif/run-trace';
import type { RunResult } from '../src/shared/runs';
import { RunResultSchema } from '../src/shared/run-schema';
import { LruSimulator } from '../src/shared/whatif/lru-simulator';
import { curveError, missRatioCurves, poolSizes } from '../src/shared/whatif/mrc';
import { measuredPagesRead, replaySteps } from '../src/shared/whatif/replay';
import type { PageTrace } from '../src/shared/whatif/trace';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: npm run bench:whatif -- DIR_OR_RUN.json ...');
  process.exit(2);
}
const files = args.flatMap((a) =>
  statSync(a).isDirectory()
    ? readdirSync(a)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(a, f))
    : [a],
);
const runs: RunResult[] = [];
for (const f of files) {
  const parsed = RunResultSchema.safeParse(JSON.parse(readFileSync(f, 'utf8')));
  if (parsed.success && parsed.data.state === 'complete') runs.push(parsed.data);
}
console.log(`${runs.length} complete runs in ${files.length} files\n`);

const MIB = 1048576;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const replays = new Map<RunResult, RunReplay>();

console.log(
  'Simulated against measured pages read (Innodb_buffer_pool_reads), each run at its own settings:',
);
const within = new Map<string, { ok: number; all: number }>();
for (const run of runs.sort((a, b) =>
  `${a.server.flavor}${a.queryId}`.localeCompare(`${b.server.flavor}${b.queryId}`),
)) {
  const r = await runReplay(run);
  const label = `${run.server.flavor} ${run.server.version.split('-')[0]} ${run.queryId} ${run.variant}`;
  if ('error' in r) {
    console.log(`  ${label}: not replayed: ${r.error}`);
    continue;
  }
  replays.set(run, r);
  const { counters } = replaySteps(r.layout, r.settings, r.steps, r.foreignPages);
  const sim = counters[counters.length - 1]!.syncReads;
  const measured = measuredPagesRead(run) ?? 0;
  const error = measured > 0 ? sim / measured - 1 : Number.NaN;
  const key = `${run.server.flavor}, pool ${run.server.bufferPoolSizeBytes / MIB} MiB, old_blocks_time ${run.server.oldBlocksTimeMs}`;
  const w = within.get(key) ?? { ok: 0, all: 0 };
  w.all++;
  if (Math.abs(error) <= 0.1) w.ok++;
  within.set(key, w);
  console.log(
    `  ${label.padEnd(34)} pool ${String(run.server.bufferPoolSizeBytes / MIB).padStart(5)} MiB  old_blocks_time ${String(run.server.oldBlocksTimeMs).padStart(4)}  ${r.hot ? 'hot ' : 'cold'}  simulated ${String(sim).padStart(8)}  measured ${String(measured).padStart(8)}  ${pct(error).padStart(7)}`,
  );
}
for (const [key, w] of within) console.log(`  ${key}: ${w.ok} of ${w.all} within ±10%`);

// A flight's curve: every query of the flight with the most replayed runs (one run each, cold first).
const byFlight = new Map<string, RunReplay[]>();
const seen = new Set<string>();
for (const [run, r] of replays) {
  const id = `${run.server.flavor}/${run.queryId}`;
  if (seen.has(id)) continue;
  seen.add(id);
  const flight = `${run.server.flavor} flight ${run.queryId.slice(1, 2)}`;
  byFlight.set(flight, [...(byFlight.get(flight) ?? []), r]);
}
const [flight, members] = [...byFlight].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
if (members.length > 0) {
  const variants = [
    { oldBlocksTimeMs: 0, oldBlocksPct: 37 },
    { oldBlocksTimeMs: 1000, oldBlocksPct: 37 },
  ];
  const curveOf = (rate: number) =>
    members.map((m) => {
      const whole = m.layout.spaces.reduce((n, s) => n + s.sizePages, 0);
      const sizes = poolSizes(1024, Math.max(1025, whole), 16);
      return missRatioCurves(m.layout, m.settings, m.steps, sizes, variants, rate);
    });
  console.log(
    `\nA 16-point miss-ratio curve for ${flight} (${members.length} queries, old_blocks_time 0 and 1000):`,
  );
  for (let round = 0; round < 2; round++) {
    let t = performance.now();
    const sampled = curveOf(0.1);
    const sampledMs = performance.now() - t;
    t = performance.now();
    const full = curveOf(1);
    const fullMs = performance.now() - t;
    let worst = 0;
    sampled.forEach((cs, i) => cs.forEach((c, j) => (worst = Math.max(worst, curveError(c, full[i]![j]!)))));
    console.log(
      `  round ${round + 1}: sampled (10%) ${(sampledMs / 1000).toFixed(2)} s  (goal < 2 s)   full simulation ${(fullMs / 1000).toFixed(2)} s   largest miss-ratio error ${worst.toFixed(4)} (goal < 0.02)`,
    );
  }
}

// Touches per second: the simulator against a plain Map-based LRU, on the largest trace, alternating.
const largest = [...replays.values()].sort((a, b) => b.trace.length - a.trace.length)[0];
if (largest) {
  const trace = largest.trace;
  const pages = Math.round(largest.settings.poolPages);
  console.log(`\nTouches per second on a ${trace.length}-touch trace, ${pages}-page pool:`);
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    const sim = new LruSimulator(largest.layout, largest.settings);
    sim.replay(trace);
    const simMs = performance.now() - t;
    t = performance.now();
    const plainMisses = plainLru(trace, pages);
    const plainMs = performance.now() - t;
    console.log(
      `  round ${round + 1}: simulator ${(trace.length / simMs / 1000).toFixed(1)} M/s (${sim.counters.syncReads} reads)   plain LRU (Map) ${(trace.length / plainMs / 1000).toFixed(1)} M/s (${plainMisses} misses)`,
    );
  }
}

/** The reference: textbook LRU with a Map (insertion order is recency), no InnoDB rules. */
function plainLru(trace: PageTrace, capacity: number): number {
  const lru = new Map<number, true>();
  let misses = 0;
  for (let i = 0; i < trace.length; i++) {
    const key = trace.space[i]! * 4294967296 + trace.page[i]!;
    if (lru.delete(key)) {
      lru.set(key, true);
      continue;
    }
    misses++;
    lru.set(key, true);
    if (lru.size > capacity) lru.delete(lru.keys().next().value!);
  }
  return misses;
}
