/**
 * Comparison speed on a results file the size of a whole experiment: an experiment file (*.bplab.json,
 * samples deflated as the experiments module saves them) of 13 queries × 8 configurations × 4 runs
 * (cold, run 1, 2, 3), each run with poller samples like a real run's (LRU compositions, pool stats,
 * LRU map frames). Prints, each beside its goal or its reference measured in the same run:
 *   - opening the file (read, check, inflate the samples), then the comparison model, post 001's table
 *     and the findings (goal: under 100 ms), beside JSON.parse alone of the same file (the floor);
 *   - the HTML report's export time and size.
 * A script that prints figures, not a timed test. The renderer's drawing is measured later, with the screen.
 *
 *   npm run bench:compare [-- --repeat 5 --samples 10]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { renderHtmlReport } from '../src/main/reports/html';
import { buildReport } from '../src/main/reports/report-model';
import { serializeExperimentFile } from '../src/main/experiments/experiment-file';
import { readSides } from '../src/main/reports/run-files';
import { compareSides, median } from '../src/shared/compare/comparison';
import { findFindings } from '../src/shared/compare/findings';
import { buildFlightTable } from '../src/shared/compare/flights';
import type { ExperimentFile } from '../src/shared/experiment-file';
import { ExperimentDefinitionSchema } from '../src/shared/experiments';
import type { RunResult } from '../src/shared/runs';
import { runResult } from '../test/support/run-fixture';
import { SSB_QUERY_IDS } from '../src/shared/ssb-reference';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '5' },
    samples: { type: 'string', default: '10' },
  },
});
const REPEAT = Math.max(1, Number(values.repeat));
/** Map frames and compositions per run (pool stats 4× as many), as the run service keeps them bounded. */
const SAMPLES = Math.max(2, Number(values.samples));

const QUERIES = SSB_QUERY_IDS;
const CONFIGURATIONS = 8;
const REPETITIONS = 4;

/** A deterministic pseudo-random stream, so every run of the script measures the same file. */
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

/** The tests' post-001 run with its samples, varied per configuration: odd ones slower, reading more. */
function run(config: number, queryId: string, repetition: number): RunResult {
  const base = runResult({}, SAMPLES);
  const read = Math.floor((config % 2 ? 190_000 : 39_000) * (0.8 + rnd() * 0.4));
  return {
    ...base,
    runId: `c${config}-${queryId}-${repetition}`,
    queryId,
    variant: 'base',
    elapsedMs: (config % 2 ? 2 : 1) * (repetition === 0 ? 30_000 : 15_000) * (0.5 + rnd()),
    server: { ...base.server, oldBlocksTimeMs: config % 2 ? 1000 : 0 },
    status: base.status.map((d) => (d.name === 'Innodb_pages_read' ? { ...d, after: read, delta: read } : d)),
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bplab-bench-compare-'));
  try {
    const cell = (c: number) => `MariaDB 10.11 · config ${c + 1}`;
    const results: ExperimentFile['results'] = [];
    for (let c = 0; c < CONFIGURATIONS; c++)
      for (let r = 0; r < REPETITIONS; r++)
        for (const q of QUERIES)
          results.push({
            planIndex: results.length,
            cell: cell(c),
            pass: r === 0 ? { kind: 'cold' } : { kind: 'hot', n: r },
            counted: true,
            cold:
              r === 0
                ? { how: 'restart-and-drop-page-cache', note: 'sandbox restarted; page cache dropped' }
                : null,
            run: run(c, q, r),
          });
    const experiment: ExperimentFile = {
      format: 'bplab-experiment',
      version: 1,
      savedAt: new Date().toISOString(),
      bplabVersion: 'bench',
      state: 'complete',
      definition: ExperimentDefinitionSchema.parse({
        name: 'bench: 13 queries × 8 configurations',
        schema: 'ssb_sf1',
        queries: QUERIES.map((queryId) => ({ queryId })),
        servers: [{ label: 'MariaDB 10.11', profileId: 'sandbox-s1', sandboxId: 's1' }],
        matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['0', '1000'] }],
      }),
      servers: [{ label: 'MariaDB 10.11', capabilities: null }],
      results,
    };
    const file = join(dir, 'results.bplab.json');
    writeFileSync(file, serializeExperimentFile(experiment));
    const size = statSync(file).size;
    console.log(
      `results file: ${results.length} runs (${QUERIES.length} queries × ${CONFIGURATIONS} configurations × ${REPETITIONS} runs), ` +
        `samples per run: ${SAMPLES} compositions and LRU map frames, ${SAMPLES * 4} pool stats; ${mib(size)} as an experiment file`,
    );

    const parse: number[] = [];
    const open: number[] = [];
    const compare: number[] = [];
    const html: number[] = [];
    let bytes = 0;
    let findings = 0;
    let pairs = 0;
    for (let i = 0; i < REPEAT; i++) {
      parse.push((await timed(() => JSON.parse(readFileSync(file, 'utf8')) as unknown)).ms);
      const opened = await timed(() => readSides([file]));
      open.push(opened.ms);
      const compared = await timed(() => {
        const c = compareSides(opened.value.sides);
        return { c, f: findFindings(c), flights: buildFlightTable(opened.value.protocol) };
      });
      compare.push(compared.ms);
      findings = compared.value.f.summary.length;
      pairs = compared.value.c.pairs.length;
      const exported = await timed(() =>
        renderHtmlReport(
          buildReport(opened.value.sides, {
            title: 'bench',
            generatedAt: new Date().toISOString(),
            bplabVersion: 'bench',
            sources: ['results.bplab.json'],
            flights: compared.value.flights,
          }),
        ),
      );
      html.push(exported.ms);
      bytes = Buffer.byteLength(exported.value);
    }
    const med = (xs: number[]) => median(xs) ?? NaN;
    const total = open.map((o, i) => o + (compare[i] ?? 0));
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} when measured (figures scale with it; the ratios to JSON.parse less so)`,
    );
    console.log(
      `runs of each measurement: ${REPEAT} (median shown; first run in brackets, before the JIT warms up)`,
    );
    console.log(
      `  JSON.parse of the file alone (reference floor)  ${ms(med(parse))}  [${ms(parse[0] ?? NaN)}]`,
    );
    console.log(
      `  open the file (read, check, inflate samples)    ${ms(med(open))}  [${ms(open[0] ?? NaN)}]`,
    );
    console.log(
      `  comparison model + flight table + findings (${pairs} pairs, ${findings} findings in the summary)  ${ms(med(compare))}  [${ms(compare[0] ?? NaN)}]`,
    );
    console.log(
      `  file opened to comparison computed              ${ms(med(total))}  [${ms(total[0] ?? NaN)}]   goal < 100 ms: ${med(total) < 100 ? 'met' : 'NOT met'} (${(med(total) / 100).toFixed(2)}× the goal; ${(med(total) / med(parse)).toFixed(2)}× JSON.parse alone)`,
    );
    console.log(
      `  HTML report export (model + render)             ${ms(med(html))}  [${ms(html[0] ?? NaN)}]`,
    );
    console.log(
      `  HTML report size                                ${mib(bytes)} (${(bytes / size).toFixed(3)}× the results file)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
