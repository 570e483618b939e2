/**
 * The rows of one sbtest table as LOAD DATA reads them ("id,k,c,pad\n"), made on demand in chunks so
 * a million rows stream into the server without being held anywhere: ids 1..rows, k drawn as
 * sysbench's prepare draws it (its default distribution, special, over 1..rows), c and pad from its
 * digit templates.
 */
import { Readable } from 'node:stream';
import { C_TEMPLATE, PAD_TEMPLATE, keyPicker, seededUniform, writeTemplate } from './sysbench-random';

/** Rows per chunk: about 400 KB, a few of the feed's 64 KB packets. */
const ROWS_PER_CHUNK = 2_000;
/** The longest row: two 10-digit numbers, the templates, three commas and a newline. */
const MAX_ROW_BYTES = 10 + 10 + C_TEMPLATE.length + PAD_TEMPLATE.length + 4;

/** One table's rows; `seed` makes them repeatable (the table number by default). */
export function sbtestRows(rows: number, seed: number): Readable {
  const rnd = seededUniform(seed);
  const pick = keyPicker('special', rnd);
  let next = 1;
  return new Readable({
    highWaterMark: ROWS_PER_CHUNK * MAX_ROW_BYTES,
    read() {
      if (next > rows) {
        this.push(null);
        return;
      }
      const last = Math.min(rows, next + ROWS_PER_CHUNK - 1);
      const out = Buffer.allocUnsafe((last - next + 1) * MAX_ROW_BYTES);
      let at = 0;
      for (let id = next; id <= last; id++) {
        at += out.write(`${id},${pick(1, rows)},`, at, 'latin1');
        at = writeTemplate(out, at, C_TEMPLATE, rnd);
        out[at++] = 44; // ','
        at = writeTemplate(out, at, PAD_TEMPLATE, rnd);
        out[at++] = 10; // '\n'
      }
      next = last + 1;
      this.push(out.subarray(0, at));
    },
  });
}
