/**
 * The rows bplab streams into an sbtest table: ids 1..rows in order, k within 1..rows, c and pad in
 * sysbench's digit templates, as LOAD DATA reads them; the same seed gives the same bytes.
 */
import { describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import { sbtestRows } from '../../../src/main/load/sbtest-rows';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

describe('sbtest rows', () => {
  it('are id,k,c,pad lines with ids 1..rows and k in 1..rows', async () => {
    const rows = 4_321; // more than one chunk
    const lines = (await text(sbtestRows(rows, 1))).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(rows);
    lines.forEach((line, i) => {
      const m = /^(\d+),(\d+),((?:\d{11}-){9}\d{11}),((?:\d{11}-){4}\d{11})$/.exec(line);
      expect(m, line).not.toBeNull();
      expect(Number(m![1])).toBe(i + 1);
      expect(Number(m![2])).toBeGreaterThanOrEqual(1);
      expect(Number(m![2])).toBeLessThanOrEqual(rows);
    });
  });

  it('are the same for the same seed, and differ between tables', async () => {
    const a = await text(sbtestRows(500, 3));
    expect(await text(sbtestRows(500, 3))).toBe(a);
    expect(await text(sbtestRows(500, 4))).not.toBe(a);
  });
});
