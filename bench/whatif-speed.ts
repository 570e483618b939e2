/**
 * How fast a run's curve is: a 16-point miss-ratio curve of a synthetic 10-million-request traced run
 * (test/support/synthetic-trace.ts: a fact table scanned in page order, B-tree lookups into two
 * dimension tables, pareto or uniform), sampled as SHARDS does, beside the full simulation of the same
 * points (the reference), alternating, each with this process's CPU time (one core: the simulator is
 * single-threaded) and wall time, and the largest miss-ratio error of the sampled curve against the
 * full one. The load average is printed at the start and the end.
 *
 *   npm run bench -- whatif-speed [--requests 10000000] [--rounds 2] [--skew pareto|uniform] [--hot] [--rate 0.1]
 * Goal (issue 40): ≤ 3 s of one core for the sampled curve, its error stated.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { curveError, missRatioCurves, poolSizes, type MissRatioCurve } from '../src/shared/whatif/mrc';
import type { SimulatorSettings } from '../src/shared/whatif/pool-model';
import type { ReplayStep } from '../src/shared/whatif/replay';
import { whatIfReport } from '../src/shared/whatif/what-if';
import { runResult, zeroPool } from '../test/support/run-fixture';
import { syntheticRun } from '../test/support/synthetic-trace';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000000' },
    rounds: { type: 'string', default: '2' },
    skew: { type: 'string', default: 'pareto' },
    hot: { type: 'boolean', default: false },
    rate: { type: 'string', default: '0.1' },
  },
});
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadAtStart = load();
const t0 = performance.now();
const run = syntheticRun(Number(values.requests), {
  skew: values.skew === 'uniform' ? 'uniform' : 'pareto',
});
console.log(
  `# bench:whatif-speed: ${run.trace.length} requests over ${run.layout.spaces.reduce((n, s) => n + s.sizePages, 0)} pages (made in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${values.skew}, ${values.hot ? 'hot (after a pass of the same requests)' : 'cold'}; load average at start ${loadAtStart}`,
);
const settings: SimulatorSettings = {
  poolPages: 2048,
  instances: 1,
  oldBlocksPct: 37,
  oldBlocksTimeMs: 1000,
  readAheadThreshold: 56,
  flavor: 'mysql',
};
const own: ReplayStep = { trace: run.trace, elapsedMs: run.elapsedMs, timed: true };
const steps: ReplayStep[] = values.hot ? [own, { ...own, gapMs: 1000 }] : [own];
const whole = run.layout.spaces.reduce((n, s) => n + s.sizePages, 0);
const sizes = poolSizes(1024, Math.ceil(whole * 1.1), 16);
const variants = [{ oldBlocksTimeMs: 1000, oldBlocksPct: 37 }];

/** This process's CPU time and the wall time of `f`. */
function timed<T>(f: () => T): { value: T; cpuS: number; wallS: number } {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = f();
  const used = process.cpuUsage(cpu);
  return { value, cpuS: (used.user + used.system) / 1e6, wallS: (performance.now() - t) / 1000 };
}

const rate = Number(values.rate);
console.log('round  sampled CPU (wall)    full CPU (wall)       largest miss-ratio error   load average');
for (let round = 1; round <= Number(values.rounds); round++) {
  const sampled = timed(() => missRatioCurves(run.layout, settings, steps, sizes, variants, rate));
  const full = timed(() => missRatioCurves(run.layout, settings, steps, sizes, variants, 1));
  const error = curveError(sampled.value[0]!, full.value[0]!);
  console.log(
    `${String(round).padStart(5)}  ${sampled.cpuS.toFixed(2).padStart(6)} s (${sampled.wallS.toFixed(2)} s)   ${full.cpuS.toFixed(2).padStart(6)} s (${full.wallS.toFixed(2)} s)   ${error.toFixed(4).padStart(8)}                   ${load()}`,
  );
  if (round === 1) printCurves(sampled.value[0]!, full.value[0]!);
}
// The what-if as a run's panel and the CLI ask it: the check at the run's own size (the full
// simulation), 16 points sampled at the rate curveRate picks, and the sampling's error at the run's own
// size (one sampled and one full replay there).
const base = runResult();
const run0 = runResult({
  server: { ...base.server, flavor: 'mysql', version: '8.0.31', bufferPoolSizeBytes: 2048 * 16384 },
  poolStats: { before: [zeroPool({ poolSize: 2048, freeBuffers: 2048 })], after: null },
  elapsedMs: run.elapsedMs,
});
for (let round = 1; round <= Number(values.rounds); round++) {
  const report = timed(() =>
    whatIfReport(
      run0,
      { layout: run.layout, settings, steps, hot: values.hot ?? false, foreignPages: 0, assumptions: [] },
      { points: 16, pool: { from: 1024 * 16384, to: Math.ceil(whole * 1.1) * 16384 }, rate },
    ),
  );
  const c = report.value.curves[0]!;
  console.log(
    `whatIfReport round ${round}: ${report.value.curves[0]!.points.length} points (the run's own among them), sampled at ${(c.rate * 100).toFixed(0)}%: CPU ${report.cpuS.toFixed(2)} s (wall ${report.wallS.toFixed(2)} s), error at the run's own size ${c.errorVsFull?.toFixed(4) ?? '-'}, load average ${load()}`,
  );
}
console.log(`load average at end ${load()}`);

function printCurves(sampled: MissRatioCurve, full: MissRatioCurve): void {
  console.log('  pool pages   sampled reads   full reads   error');
  sampled.points.forEach((p, i) => {
    const f = full.points[i]!;
    const err = f.pagesRead > 0 ? `${(((p.pagesRead - f.pagesRead) * 100) / f.pagesRead).toFixed(1)}%` : '-';
    console.log(
      `  ${String(p.poolPages).padStart(10)}   ${String(p.pagesRead).padStart(13)}   ${String(f.pagesRead).padStart(10)}   ${err}`,
    );
  });
}
