/**
 * Post 001's table reproduced (issue 9): SSB at SF 1 (the generator, dbgen-exact) on a sandbox started
 * with a 128 MB buffer pool, the "innodb_old_blocks_time 1000 vs 0" preset run by bplab's own runner
 * (cold after a restart with the OS page cache dropped, then runs 1, 2 and 3), the 13 queries. Prints
 * per query, per flight and overall: cold, run 1, 2, 3 for each setting, and the ratio 1000 / 0 of each
 * column beside the post's own ratio (its hardware differs, so the ratios are what should reproduce, not
 * the seconds). Also: the machine's load average at the start and the end, how cold was made, the pages
 * each pass read, the server's CPU time each pass used (where post 001's difference was: see
 * docs/reproductions.md), and the results file's size and open time beside the issue's goals (20 MB, 1 s).
 * A script that prints figures, not a timed test.
 *
 *   npm run bench -- post001 [--flavor mariadb-10.11|mysql-8.0|mysql-5.7 --sf 1 --pool 128M
 *                            --data-dir DIR (reuses its sandbox and dataset) --keep --out FILE
 *                            --queries Q1.1,Q1.2,Q1.3 (a subset, when all 13 would take too long)
 *                            --zero-first (runs innodb_old_blocks_time=0 before 1000, to see what the
 *                            order does)
 *                            --flush default|O_DIRECT (the preset runs both; one run takes one:
 *                            O_DIRECT reads re-read pages from the device, not the OS page cache)
 *                            --set VAR=VALUE (SET GLOBAL in both configurations, e.g.
 *                            innodb_lru_scan_depth=100; repeatable) --startup VAR=VALUE (a startup option
 *                            in both, e.g. innodb_buffer_pool_instances=1; repeatable): one setting
 *                            changed at a time, to see which one moves the pages-read ratio]
 *   npm run bench -- post001 --from FILE   (the tables of a saved results file, also a partial one)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { createApp } from '../src/main/app';
import { loadExperimentFile } from '../src/main/experiments/experiment-file';
import { generateDataset } from '../src/main/ssb/datasets';
import { experimentSides } from '../src/shared/compare/experiment-sides';
import { cellNames } from '../src/shared/compare/grouping';
import { buildFlightTable, flightOf, repetitionLabel, type Repetition } from '../src/shared/compare/flights';
import { poolDelta, sumPools } from '../src/shared/compare/pool-diff';
import { defaultGeneratedSchema, type DatasetListing } from '../src/shared/datasets/datasets';
import type { ExperimentResult } from '../src/shared/experiments/experiment-file';
import {
  MatrixDimensionSchema,
  planExperiment,
  type ExperimentDefinition,
  type MatrixDimension,
  type ExperimentProgress,
} from '../src/shared/experiments/experiments';
import { flavorLabel, formatBytes, formatCount } from '../src/shared/format';
import type { SandboxInfo } from '../src/shared/models';
import { POST001_TABLE_ROWS } from '../src/shared/published/published-figures';
import { binaryForFlavor } from '../test/support/flavors';
import { dispatchAndWait } from '../test/support/tasks';

/**
 * Post 001's table, "Star Schema Benchmark – Scale Factor 1 – Mysql 5.5 vs 5.6", response times in
 * seconds for all 13 queries (read from /work/shared/seeds/001: Intel i970, 12 GB, 4-disk RAID 10).
 * Config 1 (5.6.10, innodb_old_blocks_time=1000 by default) against config 2 (5.6.10 with 0) is what the
 * preset reproduces.
 */
const POST_001 = Object.entries(POST001_TABLE_ROWS).map(([row, [cold, ...runs]]) => {
  const [version, buffer, setting] = row.split(' ');
  return { version: setting ? `${version} (innodb_${setting})` : version!, buffer: buffer!, cold, runs };
});
const POST_1000 = POST_001[1]!;
const POST_0 = POST_001[2]!;

const { values } = parseArgs({
  options: {
    flavor: { type: 'string', default: process.env.BPLAB_BENCH_FLAVOR ?? 'mariadb-10.11' },
    sf: { type: 'string', default: '1' },
    pool: { type: 'string', default: '128M' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    out: { type: 'string' },
    from: { type: 'string' },
    /** A subset of the preset's queries (Q1.1,Q1.2,Q1.3), when the whole table would take too long. */
    queries: { type: 'string' },
    /**
     * How the server reads a page it does not hold: "default" (its own innodb_flush_method: through the
     * OS page cache on MySQL) or "O_DIRECT" (from the device, as the post's disks served re-reads). The
     * preset runs both; the table here compares two configurations, so one run takes one.
     */
    flush: { type: 'string', default: 'default' },
    /** Run innodb_old_blocks_time=0 first (the preset runs 1000 first). */
    'zero-first': { type: 'boolean', default: false },
    /** VAR=VALUE set with SET GLOBAL in both configurations (a one-value dimension); repeatable. */
    set: { type: 'string', multiple: true, default: [] },
    /** VAR=VALUE as a startup option in both configurations (the sandbox restarts); repeatable. */
    startup: { type: 'string', multiple: true, default: [] },
  },
});
const sf = Number(values.sf);
const SCHEMA = defaultGeneratedSchema(sf);
const say = (line = '') => process.stdout.write(`${line}\n`);
const secs = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(2));
const ratio = (a: number | null, b: number | null) =>
  a === null || b === null || !b ? '—' : (a / b).toFixed(2);
const pad = (s: string, n: number) => s.padStart(n);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const loadStart = load();
  const started = performance.now();
  const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'bplab-bench-post001-'));
  const app = await createApp({
    dataDir,
    transport: 'browser',
    version: 'bench',
    log: (l) => say(`  (${l})`),
  });
  const ok = async <T>(name: Parameters<typeof app.dispatch>[0], args: unknown): Promise<T> => {
    const r = await app.dispatch(name, args as never);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as T;
  };
  say(`bplab post 001 benchmark: SSB SF ${sf}, ${values.flavor}, a ${values.pool} pool; data in ${dataDir}`);
  say(`load average at the start (1, 5, 15 min): ${loadStart} on ${availableParallelism()} cores`);

  let sb = (await ok<SandboxInfo[]>('sandboxes/list', {})).find((s) => s.name === 'post001');
  // Sandbox create and start are long jobs: they answer a task id, and the sandbox once it has ended.
  const waitOk = async (
    name: 'sandboxes/create' | 'sandboxes/start',
    args: unknown,
  ): Promise<SandboxInfo> => {
    const r = await dispatchAndWait(app, name, args as never);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as SandboxInfo;
  };
  if (sb && sb.status !== 'running') sb = await waitOk('sandboxes/start', { id: sb.id });
  sb ??= await waitOk('sandboxes/create', {
    spec: {
      name: 'post001',
      binaryPath: (await binaryForFlavor(values.flavor)).path,
      bufferPoolSize: values.pool,
    },
  });
  say(`sandbox: ${flavorLabel(sb.flavor)} ${sb.version} on port ${sb.port}`);
  const connect = () => mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root' });

  const { datasets } = await ok<DatasetListing>('datasets/list', { profileId: sb.profileId });
  if (datasets.some((d) => d.schema === SCHEMA && d.state === 'complete'))
    say(`dataset ${SCHEMA}: already loaded`);
  else {
    const t = performance.now();
    await generateDataset({ schema: SCHEMA, sf, seed: 1, replace: true }, { connect, bplabVersion: 'bench' });
    say(`dataset ${SCHEMA}: generated and loaded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }

  const server = {
    label: `${flavorLabel(sb.flavor)} ${sb.version}`,
    profileId: sb.profileId,
    sandboxId: sb.id,
  };
  const preset = await ok<ExperimentDefinition>('experiments/preset', {
    presetId: 'old-blocks-time',
    servers: [server],
    schema: SCHEMA,
  });
  // The post ran the 5.6 default 128M, which it calls 1/8 of the data; the preset sizes 1/8 of this
  // dataset's own bytes. The post's figure is the one reproduced; the preset's is printed beside it.
  const poolDim = preset.matrix.find((d) => d.kind === 'buffer-pool-size')!;
  say(
    `preset "${preset.name}": its 1/8 of the data is ${poolDim.values[0]}; run with the post's ${values.pool}`,
  );
  const only = values.queries?.split(',').map((q) => q.trim());
  const def: ExperimentDefinition = {
    ...preset,
    queries: only ? preset.queries.filter((q) => only.includes(q.queryId)) : preset.queries,
    matrix: [
      ...preset.matrix.map((d) =>
        d === poolDim
          ? { ...d, values: [values.pool] }
          : d.variable === 'innodb_flush_method'
            ? { ...d, values: [values.flush] }
            : values['zero-first'] && d.kind === 'global' && d.variable === 'innodb_old_blocks_time'
              ? { ...d, values: [...d.values].reverse() }
              : d,
      ),
      ...values.set.map((s) => oneValue('global', s)),
      ...values.startup.map((s) => oneValue('startup', s)),
    ],
  };
  for (const d of def.matrix.filter((x) => x.values.length === 1 && x.kind !== 'buffer-pool-size'))
    say(`held in both configurations: ${d.variable}=${d.values[0]} (${d.kind})`);
  if (only)
    say(
      `queries: ${def.queries.map((q) => q.queryId).join(', ')} only (of the preset's ${preset.queries.length})`,
    );

  const file = values.out ?? join(dataDir, `post001-${values.flavor}.bplab.json`);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  let lastDone = -1;
  const off = app.events.subscribe((event, payload) => {
    if (event !== 'experiments/progress') return;
    const p = payload as ExperimentProgress;
    if (p.done === lastDone) return;
    lastDone = p.done;
    const left = p.remainingSec === null ? '' : `, about ${Math.round(p.remainingSec / 60)} min left`;
    say(`  ${p.done}/${p.total} at ${Math.round(p.elapsedSec)} s${left}: ${p.step}`);
  });
  const outcome = await app.experiments.execute(def, file, 'post001', controller.signal);
  off();
  say(`experiment ${outcome.state}${outcome.error ? `: ${outcome.error}` : ''}`);
  for (const line of outcome.restored) say(`  restored: ${line}`);

  printTables(outcome.results);
  printFile(file);
  say(
    `load average at the end (1, 5, 15 min): ${load()}; the whole benchmark took ${Math.round((performance.now() - started) / 60000)} min`,
  );

  if (!values.keep) await ok('sandboxes/delete', { id: sb.id });
  await app.shutdown();
  if (!values.keep && !values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}

/** --set / --startup VAR=VALUE as a one-value matrix dimension (the schema checks the name). */
function oneValue(kind: 'global' | 'startup', arg: string): MatrixDimension {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error(`--${kind === 'global' ? 'set' : 'startup'} takes VAR=VALUE, not "${arg}"`);
  return MatrixDimensionSchema.parse({
    kind,
    variable: arg.slice(0, at).trim(),
    values: [arg.slice(at + 1).trim()],
  });
}

/** The results file's size and open time (the app's loader), beside the issue's goals. */
function printFile(file: string): void {
  const size = statSync(file).size;
  const opens: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    loadExperimentFile(file);
    opens.push(performance.now() - t);
  }
  const open = Math.min(...opens);
  say();
  say(`results file ${file}`);
  say(`  size ${formatBytes(size)} (goal under 20 MB: ${size < 20 * 1024 * 1024 ? 'met' : 'NOT met'})`);
  say(`  open ${open.toFixed(0)} ms, best of 3 (goal under 1 s: ${open < 1000 ? 'met' : 'NOT met'})`);
}

/** --from FILE: the tables of a results file saved before (also one still being written), no server. */
function fromFile(file: string): void {
  const experiment = loadExperimentFile(file);
  say(
    `post 001's table from ${file}: experiment ${experiment.state}, ${experiment.results.length} of ${planExperiment(experiment.definition).length} runs, saved ${experiment.savedAt}`,
  );
  say(`load average now (1, 5, 15 min): ${load()} on ${availableParallelism()} cores`);
  printTables(experiment.results);
  printFile(file);
}

type Count = (r: ExperimentResult) => number;

function printTables(results: ExperimentResult[]): void {
  const { protocol } = experimentSides(results);
  const table = buildFlightTable(protocol);
  // 1000 on the left whichever ran first (--zero-first).
  const a =
    table.configurations.find((c) => /innodb_old_blocks_time=1000\b/.test(c.configuration)) ??
    table.configurations[0];
  const partial = table.configurations.find((c) => c !== a);
  if (!a) {
    say('no run finished: no table');
    return;
  }
  // A partial file (the experiment still running, or stopped) may hold the first configuration only.
  const b = partial ?? { configuration: 'innodb_old_blocks_time=0 (not run yet)', flights: [], total: [] };
  const reps = table.repetitions;
  const W = 8;
  const cols = (xs: string[]) => xs.map((x) => pad(x, W)).join('');
  const repHead = reps.map((r) => repetitionLabel(r));
  const name = (c: string) => c.replace(/^.*innodb_old_blocks_time=/, 'old_blocks_time=');
  // A result's configuration as its side is named.
  const sideOf = cellNames(results.map((r) => r.cell));
  say();
  say(`Response times in seconds (time around execution only), ${results[0]?.cell.split(' · ')[0] ?? ''}`);
  say(
    `${'query'.padEnd(10)}|${pad(name(a.configuration), W * reps.length)} |${pad(name(b.configuration), W * reps.length)} |${pad('ratio 1000 / 0', W * reps.length)}`,
  );
  say(`${''.padEnd(10)}|${cols(repHead)} |${cols(repHead)} |${cols(repHead)}`);
  const at = (conf: string, rep: Repetition, q: string) =>
    protocol.find((r) => r.configuration === conf && r.repetition === rep && r.queryId === q)?.elapsedMs ??
    null;
  const queries = [...new Set(protocol.map((r) => r.queryId))];
  for (const flight of [...new Set(queries.map(flightOf))]) {
    for (const q of queries.filter((x) => flightOf(x) === flight)) {
      const ta = reps.map((r) => at(a.configuration, r, q));
      const tb = reps.map((r) => at(b.configuration, r, q));
      say(
        `${q.padEnd(10)}|${cols(ta.map(secs))} |${cols(tb.map(secs))} |${cols(ta.map((x, i) => ratio(x, tb[i]!)))}`,
      );
    }
    const fa = a.flights.find((f) => f.flight === flight)!.cells.map((c) => c.totalMs);
    const fb =
      b.flights.find((f) => f.flight === flight)?.cells.map((c) => c.totalMs) ?? reps.map(() => null);
    say(
      `${flight.padEnd(10)}|${cols(fa.map(secs))} |${cols(fb.map(secs))} |${cols(fa.map((x, i) => ratio(x, fb[i]!)))}`,
    );
  }
  const ta = a.total.map((c) => c.totalMs);
  const tb = partial ? b.total.map((c) => c.totalMs) : reps.map(() => null);
  say(
    `${'all'.padEnd(10)}|${cols(ta.map(secs))} |${cols(tb.map(secs))} |${cols(ta.map((x, i) => ratio(x, tb[i]!)))}`,
  );
  const p1000 = [POST_1000.cold, ...POST_1000.runs];
  const p0 = [POST_0.cold, ...POST_0.runs];
  say(
    `${'post 001'.padEnd(10)}|${cols(p1000.map((x) => x.toFixed(2)))} |${cols(p0.map((x) => x.toFixed(2)))} |${cols(p1000.map((x, i) => (x / p0[i]!).toFixed(2)))}`,
  );
  say(
    `(post 001: ${POST_1000.version} ${POST_1000.buffer} against ${POST_0.version} ${POST_0.buffer}, all 13 queries, on its own hardware; the post gives totals only)`,
  );
  say();
  say("Post 001's whole table (seconds, its hardware):");
  for (const row of POST_001)
    say(
      `  ${row.version.padEnd(36)} ${row.buffer.padEnd(5)} ${cols([row.cold, ...row.runs].map((x) => x.toFixed(2)))}`,
    );

  // Why, in counts (they stand on a loaded machine, where seconds do not): per pass, summed over its
  // queries. A run's status delta is the global counter's change during the run; a pool counter's too.
  const status = (r: ExperimentResult, n: string) => r.run.status.find((x) => x.name === n)?.delta ?? 0;
  const pool = (r: ExperimentResult, f: Parameters<typeof poolDelta>[1]) =>
    poolDelta(r.run.poolStats, f) ?? 0;
  const passOf = (r: ExperimentResult) =>
    r.pass.kind === 'cold' ? 'cold' : r.pass.kind === 'hot' ? r.pass.n : null;
  const perPass = (
    title: string,
    first: Count,
    second: Count,
    [formatFirst, formatSecond] = [formatCount, formatCount],
  ) => {
    say();
    say(title);
    for (const conf of [a.configuration, b.configuration]) {
      const cells = reps.map((rep) => {
        const rs = results.filter((r) => sideOf(r.cell) === conf && passOf(r) === rep);
        const sum = (f: Count) => rs.reduce((t, r) => t + f(r), 0);
        return `${formatFirst(sum(first))} (${formatSecond(sum(second))})`;
      });
      say(`  ${name(conf).padEnd(22)} ${cells.map((c, i) => `${repHead[i]} ${c}`).join(', ')}`);
    }
  };
  perPass(
    'Pages read into the pool per pass (Innodb_pages_read; in brackets Innodb_buffer_pool_reads)',
    (r) => status(r, 'Innodb_pages_read'),
    (r) => status(r, 'Innodb_buffer_pool_reads'),
  );
  // What the setting changes: accesses in the old sublist that moved the page to the head (made
  // young) or did not (too soon after its first access: innodb_old_blocks_time at work).
  perPass(
    'Pages made young per pass (INNODB_BUFFER_POOL_STATS; in brackets not made young)',
    (r) => pool(r, 'pagesMadeYoung'),
    (r) => pool(r, 'pagesNotMadeYoung'),
  );
  // Post 001's own Q1.1 pairs read the same pages at 1000 and 0 and took 4.3× and 1.8× the seconds:
  // all of it CPU (its SHOW PROFILE). Each access not made young reads the clock
  // (buf_page_peek_if_too_old → ut_time_ms → gettimeofday), so a slow clock costs seconds, not pages.
  const usage = (r: ExperimentResult) =>
    r.run.serverProcess && 'cpuMs' in r.run.serverProcess ? r.run.serverProcess : null;
  perPass(
    "Server CPU per pass, s (the server process's user + system time; in brackets what it read from storage)",
    (r) => usage(r)?.cpuMs ?? 0,
    (r) => usage(r)?.readBytes ?? 0,
    [secs, formatBytes],
  );
  perPass(
    'Pages read ahead per pass (Innodb_buffer_pool_read_ahead; in brackets evicted unread, _read_ahead_evicted)',
    (r) => status(r, 'Innodb_buffer_pool_read_ahead'),
    (r) => status(r, 'Innodb_buffer_pool_read_ahead_evicted'),
  );
  // The pool's state after each pass's last query: pages kept free (MySQL 5.6's page cleaner frees
  // innodb_lru_scan_depth pages per instance from the LRU tail) and pages in the old sublist.
  const last = (conf: string, rep: Repetition) =>
    results.filter((r) => sideOf(r.cell) === conf && passOf(r) === rep).at(-1);
  say();
  say('Pool after each pass (INNODB_BUFFER_POOL_STATS: free buffers / database pages / old database pages)');
  for (const conf of [a.configuration, b.configuration]) {
    const cells = reps.map((rep) => {
      const after = last(conf, rep)?.run.poolStats.after ?? null;
      const g = (f: Parameters<typeof sumPools>[1]) => formatCount(sumPools(after, f) ?? 0);
      return `${g('freeBuffers')} / ${g('databasePages')} / ${g('oldDatabasePages')}`;
    });
    say(`  ${name(conf).padEnd(22)} ${cells.map((c, i) => `${repHead[i]} ${c}`).join(', ')}`);
  }
  // Which queries the difference is in: pages read per query, summed over the hot runs.
  say();
  say('Pages read per query over the hot runs (Innodb_pages_read), 1000 against 0');
  const hot = (conf: string, q: string) =>
    results
      .filter((r) => sideOf(r.cell) === conf && r.pass.kind === 'hot' && r.run.queryId === q)
      .reduce((t, r) => t + status(r, 'Innodb_pages_read'), 0);
  for (const q of [...new Set(results.map((r) => r.run.queryId))]) {
    const [x, y] = [hot(a.configuration, q), hot(b.configuration, q)];
    say(`  ${q.padEnd(6)} ${pad(formatCount(x), 12)} ${pad(formatCount(y), 12)} ${pad(ratio(x, y), 7)}`);
  }
  const cold = results
    .filter((r) => r.cold)
    .map((r) => `${r.cell.split(' · ').pop()}: ${r.cold!.how} (${r.cold!.note})`);
  say();
  say('How cold was made:');
  for (const c of cold) say(`  ${c}`);
  const bad = results.filter((r) => r.run.state !== 'complete');
  for (const r of bad) say(`  not complete: ${r.run.queryId} ${r.cell} ${r.run.state}: ${r.run.error}`);
}

(values.from ? Promise.resolve(fromFile(values.from)) : main()).catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
