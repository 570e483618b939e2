/**
 * The generator benchmark (issue 3, (a)): all five SSB tables generated to nowhere through the same
 * Readable streams the loader reads, then lineorder alone. Prints rows/s, bytes/s, the total time
 * and this process's peak RSS beside C dbgen's figures on this machine (about 8.5 s for all of
 * SF 1, about 700k lineorder rows/s). A script that prints figures, not a timed test.
 *
 *   npm run bench -- generator [--sf 1 --seed 1 --lineage classic --mode dbgen|spec]
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { GeneratorMode } from '../src/shared/datasets/datasets';
import type { DbgenLineage } from '../src/main/ssb/generator/lineage';
import { createTableStream } from '../src/main/ssb/generator/stream';
import type { SsbTable } from '../src/shared/datasets/datasets';
import { SSB_TABLES, expectedRowCount } from '../src/main/ssb/tables';

/** C dbgen on this machine (issue 3): all of SF 1 in about 8.5 s, about 700k lineorder rows/s. */
const DBGEN_ALL_TABLES_SEC_PER_SF = 8.5;
const DBGEN_LINEORDER_ROWS_PER_SEC = 700_000;

const { values } = parseArgs({
  options: {
    sf: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    lineage: { type: 'string', default: 'classic' },
    mode: { type: 'string', default: 'dbgen' },
  },
});
const sf = Number(values.sf);
const seed = Number(values.seed);
const lineage = values.lineage as DbgenLineage;
const mode = values.mode as GeneratorMode;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

interface Run {
  table: SsbTable;
  rows: number;
  bytes: number;
  sec: number;
  cpuSec: number;
}

/** Generates one table into a sink that counts bytes and rows. */
async function run(table: SsbTable): Promise<Run> {
  let bytes = 0;
  let rows = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done();
    },
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pipeline(createTableStream(table, { sf, seed, lineage, mode }), sink);
  const sec = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const expected = expectedRowCount(table, sf, seed, { lineage, mode });
  if (rows !== expected) {
    throw new Error(`${table}: ${rows} rows, expected ${expected}`);
  }
  return { table, rows, bytes, sec, cpuSec: (cpu.user + cpu.system) / 1e6 };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const mb = (b: number) => `${fmt(b / 1e6, 1)} MB`;

console.log(
  `bplab SSB generator benchmark: SF ${sf}, seed ${seed}, ${lineage} dbgen, ${mode} mode, one thread, to a sink`,
);
console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);

const all: Run[] = [];
for (const table of SSB_TABLES) {
  const r = await run(table);
  all.push(r);
  console.log(
    `  ${table.padEnd(10)} ${fmt(r.rows).padStart(11)} rows  ${mb(r.bytes).padStart(10)}  ${r.sec.toFixed(2).padStart(6)} s` +
      `  ${fmt(r.rows / r.sec).padStart(10)} rows/s`,
  );
}
const total = all.reduce((s, r) => ({ sec: s.sec + r.sec, bytes: s.bytes + r.bytes }), { sec: 0, bytes: 0 });
// lineorder once more on its own, now that the code is warm.
const lo = await run('lineorder');
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const loRate = lo.rows / lo.sec;
const dbgenSec = DBGEN_ALL_TABLES_SEC_PER_SF * sf;
console.log('');
console.log('                               bplab          C dbgen (issue 3)   bplab / dbgen');
console.log(
  `  lineorder rows/s        ${fmt(loRate).padStart(12)}   ${fmt(DBGEN_LINEORDER_ROWS_PER_SEC).padStart(12)}        ${(loRate / DBGEN_LINEORDER_ROWS_PER_SEC).toFixed(2)}×  (goal ≥ 1)`,
);
console.log(
  `  all five tables         ${(total.sec.toFixed(2) + ' s').padStart(12)}   ${(dbgenSec.toFixed(1) + ' s').padStart(12)}        ${(total.sec / dbgenSec).toFixed(2)} of the time`,
);
console.log(`  bytes/s (all tables)    ${mb(total.bytes / total.sec).padStart(12)}/s`);
console.log(
  `  lineorder CPU           ${(lo.cpuSec.toFixed(2) + ' s').padStart(12)}   (${fmt(lo.rows / lo.cpuSec)} rows per CPU-second; the machine is shared)`,
);
console.log(`  peak RSS                ${mb(peakRss).padStart(12)}`);
