/**
 * Comparison speed on a results file the size of a whole experiment: an experiment file (*.bplab.json,
 * samples deflated as the experiments module saves them) of 13 queries × 8 configurations × 4 runs
 * (cold, run 1, 2, 3), each run with poller samples like a real run's (LRU compositions, pool stats,
 * LRU map frames). Prints, each beside its goal or its reference measured in the same run:
 *   - the app's path from opening the file to the comparison view drawn (goal: under 100 ms): main's
 *     experiments/open as the comparison asks it (view 'comparison': no samples, nothing the comparison
 *     does not read) and the socket's message written, then in Chromium
 *     (bench/lib/compare.page.ts) the message parsed, the screen's model, React's render of the comparison
 *     with the app's stylesheet, layout and the next frame,
 *     beside JSON.parse alone of the same file (the floor) and the CLI's path (lazy samples, all 8
 *     configurations compared), and the screen's model with all 8 configurations chosen;
 *   - the HTML report's export time (read, model, render, write) and size.
 * A script that prints figures, not a timed test.
 *
 *   npm run bench -- compare [--repeat 5 --samples 10]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { exportReport } from '../src/main/reports/export';
import { loadExperimentFile, serializeExperimentFile } from '../src/main/experiments/experiment-file';
import { comparisonView } from '../src/renderer/features/compare/utils/compare-view';
import type { DrawFigures } from './lib/compare.types.ts';
import { readSides } from '../src/main/reports/run-files';
import { compareSides, median } from '../src/shared/compare/comparison';
import { findFindings } from '../src/shared/compare/findings';
import { buildFlightTable } from '../src/shared/compare/flights';
import { experimentSides } from '../src/shared/compare/experiment-sides';
import type { ExperimentFile } from '../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema } from '../src/shared/experiments/experiments';
import type { RunResult } from '../src/shared/runs/runs';
import { runResult } from '../test/support/run-fixture';
import { SSB_QUERY_IDS } from '../src/shared/datasets/ssb-reference';

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
  const dir = process.env.BENCH_KEEP ?? mkdtempSync(join(tmpdir(), 'bplab-bench-compare-'));
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
    const wire: number[] = [];
    const view2: number[] = [];
    const view8: number[] = [];
    const draw: number[] = [];
    const oldOpen: number[] = [];
    const html: number[] = [];
    let bytes = 0;
    let wireBytes = 0;
    let findings = 0;
    let pairs = 0;
    let elements = 0;
    const pageParse: number[] = [];
    const pageModel: number[] = [];
    const pageRender: number[] = [];
    const pagePaint: number[] = [];
    const bundle = await build({
      entryPoints: ['bench/lib/compare.page.ts'],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    const browser = await chromium.launch({
      executablePath: process.env.BPLAB_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addStyleTag({ path: 'src/renderer/styles.css' });
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // The sides' own labels, as the screen names them (grouping.ts): not the cells' names.
    const labels = experimentSides(results).sides.map((s) => s.label);
    if (labels.length !== CONFIGURATIONS)
      throw new Error(`expected ${CONFIGURATIONS} sides, read ${labels.length}`);
    for (let i = 0; i < REPEAT; i++) {
      parse.push((await timed(() => JSON.parse(readFileSync(file, 'utf8')) as unknown)).ms);
      // Before: the CLI's path, every run's samples kept lazily, all 8 configurations compared.
      oldOpen.push(
        (
          await timed(async () => {
            const { sides, protocol } = await readSides([file]);
            const c = compareSides(sides);
            return { c, f: findFindings(c), flights: buildFlightTable(protocol) };
          })
        ).ms,
      );
      // The app's path: main's experiments/open as the comparison screen asks it (view 'comparison'), the
      // socket's JSON both ways, the screen's model, and the screen drawn by React in Chromium.
      const opened = await timed(() => loadExperimentFile(file, { view: 'comparison' }));
      open.push(opened.ms);
      const sent = await timed(() => JSON.stringify({ ok: true, value: opened.value }));
      wire.push(sent.ms);
      const message = sent.value;
      wireBytes = message.length;
      const files = [{ file, experiment: JSON.parse(message).value as ExperimentFile }];
      const two = await timed(() => comparisonView(files, labels.slice(0, 2)));
      view2.push(two.ms);
      const all = await timed(() => comparisonView(files, labels));
      view8.push(all.ms);
      if (all.value.ok) {
        findings = all.value.view.findings.summary.length;
        pairs = all.value.view.pairs.length;
      }
      const drawn = await page.evaluate(
        ([m, f, l]) =>
          (
            globalThis as unknown as {
              drawComparison(m: string, f: string, l: string[]): Promise<DrawFigures>;
            }
          ).drawComparison(m, f, l),
        [message, file, labels.slice(0, 2)] as [string, string, string[]],
      );
      pageParse.push(drawn.parseMs);
      pageModel.push(drawn.modelMs);
      pageRender.push(drawn.renderMs);
      pagePaint.push(drawn.paintMs);
      draw.push(drawn.parseMs + drawn.modelMs + drawn.renderMs + drawn.paintMs);
      elements = drawn.elements;
      const exported = await timed(() =>
        exportReport({ files: [file], format: 'html', to: join(dir, 'report.html') }, 'bench'),
      );
      html.push(exported.ms);
      bytes = exported.value.bytes;
    }
    await browser.close();
    const med = (xs: number[]) => median(xs) ?? NaN;
    const appPath = open.map((o, i) => o + (wire[i] ?? 0) + (draw[i] ?? 0));
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} when measured (figures scale with it; the ratios to JSON.parse less so)`,
    );
    console.log(
      `runs of each measurement: ${REPEAT} (median shown; first run in brackets, before the JIT warms up)`,
    );
    const line = (what: string, xs: number[], extra = '') =>
      console.log(`  ${what.padEnd(62)} ${ms(med(xs)).padStart(9)}  [${ms(xs[0] ?? NaN)}]${extra}`);
    line('JSON.parse of the whole file alone (reference floor)', parse);
    line('before: read + lazy samples + compare all 8 (the CLI path)', oldOpen);
    line("experiments/open, the comparison's view (main: read, parse, check)", open);
    line(`main: the socket's message written (${mib(wireBytes)} of JSON)`, wire);
    line('screen model, 2 configurations (the default choice)', view2);
    line(`screen model, all 8 configurations (${pairs} pairs, ${findings} findings)`, view8);
    line('in Chromium: the message parsed', pageParse);
    line('in Chromium: the screen model (2 configurations, first pair)', pageModel);
    line(`in Chromium: React renders the comparison (${elements} elements)`, pageRender);
    line('in Chromium: layout and the next frame (the view on screen)', pagePaint);
    line(
      'opening the file to the comparison view drawn (main + Chromium)',
      appPath,
      `   goal < 100 ms: ${med(appPath) < 100 ? 'met' : 'NOT met'} (${(med(appPath) / 100).toFixed(2)}× the goal; ${(med(appPath) / med(parse)).toFixed(2)}× JSON.parse alone)`,
    );
    line('HTML report export from the file (main: read, model, render, write)', html);
    console.log(
      `  HTML report size                                               ${mib(bytes)} (${(bytes / size).toFixed(3)}× the results file)`,
    );
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

void main();
