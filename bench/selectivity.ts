/**
 * The 13 SSB queries' selectivities on generated data, counted in JavaScript (no server): each
 * query's fraction of lineorder rows beside issue 3's reference (real dbgen, SF 1) and the issue's
 * rule (±10%, Q3.3 ±30%, Q3.4 a count of 1..25). Point it at a folder of dbgen .tbl files instead
 * with --dir. A script that prints figures, not a timed test.
 *
 *   npm run bench -- selectivity [--sf 1 --seed 1 --lineage classic | --dir /path/to/tbl]
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DbgenLineage } from '../src/main/ssb/generator/lineage';
import { baseQueries, loadSsbQueries } from '../src/main/ssb/queries';
import { countKeptRows, generatorRows, type TblRows } from '../src/main/ssb/selectivity';
import { TBL_FILE_NAMES } from '../src/main/ssb/tables';

/** Issue 3's reference: rows kept of dbgen's 6,001,171 at SF 1, and the allowed deviation. */
const REFERENCE: Record<string, { kept: number; tolerance: number | [number, number] }> = {
  'Q1.1': { kept: 119_142, tolerance: 0.1 },
  'Q1.2': { kept: 4_287, tolerance: 0.1 },
  'Q1.3': { kept: 909, tolerance: 0.1 },
  'Q2.1': { kept: 44_575, tolerance: 0.1 },
  'Q2.2': { kept: 10_542, tolerance: 0.1 },
  'Q2.3': { kept: 1_234, tolerance: 0.1 },
  'Q3.1': { kept: 246_764, tolerance: 0.1 },
  'Q3.2': { kept: 8_597, tolerance: 0.1 },
  'Q3.3': { kept: 437, tolerance: 0.3 },
  'Q3.4': { kept: 7, tolerance: [1, 25] },
  'Q4.1': { kept: 90_319, tolerance: 0.1 },
  'Q4.2': { kept: 21_872, tolerance: 0.1 },
  'Q4.3': { kept: 2_174, tolerance: 0.1 },
};
const REFERENCE_ROWS = 6_001_171;

const { values } = parseArgs({
  options: {
    sf: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    lineage: { type: 'string', default: 'classic' },
    dir: { type: 'string' },
  },
});

const rows: TblRows = values.dir
  ? (table) => createReadStream(join(values.dir!, TBL_FILE_NAMES[table]), { highWaterMark: 256 * 1024 })
  : generatorRows({
      sf: Number(values.sf),
      seed: Number(values.seed),
      lineage: values.lineage as DbgenLineage,
    });
const source = values.dir
  ? `the .tbl files in ${values.dir}`
  : `generated data, SF ${values.sf}, seed ${values.seed}, ${values.lineage} dbgen`;

const t0 = performance.now();
const result = await countKeptRows(baseQueries(loadSsbQueries()), rows);
const sec = (performance.now() - t0) / 1000;

console.log(`SSB selectivities of ${source}: ${result.lineorderRows.toLocaleString('en-US')} lineorder rows`);
console.log(
  `(counted in JavaScript in ${sec.toFixed(1)} s; reference: dbgen SF 1, ${REFERENCE_ROWS.toLocaleString('en-US')} rows)\n`,
);
console.log('query       kept    fraction    reference   ratio   rule           ');
let failures = 0;
for (const [id, ref] of Object.entries(REFERENCE)) {
  const kept = result.kept[id] ?? 0;
  const fraction = kept / result.lineorderRows;
  const refFraction = ref.kept / REFERENCE_ROWS;
  const ratio = fraction / refFraction;
  const scale = result.lineorderRows / REFERENCE_ROWS;
  let rule: string;
  let pass: boolean;
  if (Array.isArray(ref.tolerance)) {
    const [lo, hi] = ref.tolerance.map((n) => Math.round(n * scale));
    pass = kept >= lo! && kept <= hi!;
    rule = `${lo}..${hi} rows`;
  } else {
    pass = Math.abs(ratio - 1) <= ref.tolerance;
    rule = `±${ref.tolerance * 100}%`;
  }
  if (!pass) failures++;
  console.log(
    `${id.padEnd(6)} ${kept.toLocaleString('en-US').padStart(9)}  ${fraction.toFixed(7)}   ${refFraction.toFixed(7)}   ${ratio.toFixed(3)}   ${rule.padEnd(10)} ${pass ? 'pass' : 'FAIL'}`,
  );
}
console.log(
  `\n${failures === 0 ? 'all 13 within the issue’s rule' : `${failures} of 13 outside the issue’s rule`}`,
);
