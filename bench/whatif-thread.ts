/**
 * What the simulator's worker thread buys: the longest the main thread's event loop stalls (the
 * longest any other request, live polling included, would wait) while a comparison's check replays
 * saved runs, in the worker thread beside the same check in the main thread (the reference, as
 * bplab ran it before), alternating, each with a fresh trace cache; the wall time of each; the
 * longest silence between the worker's progress words (what the time guard allows ten minutes for);
 * and a check that both answered the same calibration.
 *
 *   npm run bench -- whatif-thread RESULTS.json [--query Q1.] [--rounds 2]
 *     --query keeps the runs whose query id starts so (Q1. : flight 1); every complete run by default.
 */
import { performance } from 'node:perf_hooks';
import { readRunFile } from '../src/main/reports/run-files';
import { withoutSamples } from '../src/main/whatif/replay-protocol';
import { calibrateRuns, TraceCache } from '../src/main/whatif/replay-runs';
import { ReplayThread, whatifWorkerFile } from '../src/main/whatif/replay-thread';
import type { Calibration } from '../src/shared/whatif/calibration';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: npm run bench -- whatif-thread RESULTS.json [--query Q1.] [--rounds 2]');
  process.exit(2);
}
const prefix = option('--query') ?? '';
const rounds = Number(option('--rounds') ?? 2);
const runs = (await readRunFile(file))
  .filter((r) => r.state === 'complete' && r.queryId.startsWith(prefix))
  .map(withoutSamples);
const check = runs.map((run) => ({ side: 'A', run }));
const workerFile = whatifWorkerFile();
console.log(`${runs.length} complete runs${prefix ? ` of ${prefix}*` : ''} from ${file}\n`);

/** The longest gap between ticks of a 5 ms timer while `work` runs: how long a request would wait. */
async function stalls<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  try {
    const value = await work();
    const end = performance.now();
    stallMs = Math.max(stallMs, end - last);
    return { value, wallMs: end - t0, stallMs };
  } finally {
    clearInterval(tick);
  }
}

const answers: Calibration[] = [];
const silences: number[] = [];
const rows: string[] = [];
for (let round = 1; round <= rounds; round++) {
  const here = await stalls(() => calibrateRuns(check, new TraceCache()));
  const thread = new ReplayThread({ workerFile });
  let lastWord = performance.now();
  let silenceMs = 0;
  const there = await stalls(() =>
    thread.run(
      { kind: 'compare', check, curves: null },
      {
        onProgress: () => {
          const now = performance.now();
          silenceMs = Math.max(silenceMs, now - lastWord);
          lastWord = now;
        },
      },
    ),
  );
  silenceMs = Math.max(silenceMs, performance.now() - lastWord);
  silences.push(silenceMs);
  await thread.close();
  answers.push(here.value, there.value.calibration!);
  for (const [where, m] of [
    ['main thread (reference)', here],
    ['worker thread', there],
  ] as const)
    rows.push(
      `  ${String(round).padStart(5)}  ${where.padEnd(24)}  ${(m.wallMs / 1000).toFixed(1).padStart(8)} s  ${m.stallMs.toFixed(0).padStart(9)} ms`,
    );
}
console.log('  round  where the check ran        wall time  longest main-thread stall');
console.log(rows.join('\n'));
console.log(
  `  longest silence between the worker's progress words: ${silences.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (the time guard allows 10 minutes)`,
);
const same = answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]));
const replayed = answers[0]?.rows.length ?? 0;
console.log(
  `\nchecked: ${replayed} of ${runs.length} runs replayed; the worker's calibration ${same ? 'equals' : 'DIFFERS FROM'} the main thread's`,
);
if (!same || replayed === 0) process.exit(1);
