/**
 * The mixed preset's report as Markdown and CSV, written through the same export as the app's and the
 * CLI's (reports/export): the headline first, every side and scan, each second on its clock with the scan
 * that ran then, numbers as numbers in CSV; and a mixed result beside other files refused in words.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportReport } from '../../../src/main/reports/export';
import { result, side } from './mixed-fixture';

const dir = mkdtempSync(join(tmpdir(), 'bplab-mixed-formats-'));
const saved = join(dir, 'm.bplab-mixed.json');
writeFileSync(
  saved,
  JSON.stringify(
    result([
      side(0, [1, 1, 4, 4, 1, 1], [2000, 4000], [100, 100, 100, 20, 50, 100]),
      side(1000, [1, 1, 2, 2, 1, 1], [2000, 5000], [100, 100, 100, 90, 95, 100]),
    ]),
  ),
);

describe('the mixed report as Markdown and CSV', () => {
  it('writes the headline first, then the sides, then what was asked and each scan', async () => {
    const to = join(dir, 'm.md');
    const done = await exportReport({ files: [saved], format: 'md', to }, '9.9');
    expect(done.written).toEqual([to]);
    const md = readFileSync(to, 'utf8');
    expect(md.startsWith('# Point selects beside SSB scans: innodb_old_blocks_time 0 vs 1000\n')).toBe(true);
    const headline = md.indexOf('**With old_blocks_time=1000');
    expect(headline).toBeGreaterThan(0);
    // Markdown's own escapes: old\_blocks\_time.
    expect(md.indexOf('| old\\_blocks\\_time = 0 | 4.00 ms | 1.00 ms |')).toBeGreaterThan(headline);
    expect(md.indexOf('## Details')).toBeGreaterThan(md.indexOf('| old\\_blocks\\_time = 1000 | 2.00 ms |'));
    expect(md).toContain('| old\\_blocks\\_time = 1000 | Q1.1 (base) | 2.00 s | 5.00 s | 3.00 s | 1 rows |');
    expect(md).toContain('from m.bplab-mixed.json');
  });

  it('writes the sides, the scans and every second as numbers', async () => {
    const to = join(dir, 'csv');
    const done = await exportReport({ files: [saved], format: 'csv', to }, '9.9');
    expect(done.written.map((f) => f.slice(to.length + 1))).toEqual([
      'mixed-sides.csv',
      'mixed-scans.csv',
      'mixed-seconds.csv',
    ]);
    const lines = (name: string) => readFileSync(join(to, name), 'utf8').trim().split('\r\n');
    const sides = lines('mixed-sides.csv');
    expect(sides[0]).toBe(
      'side,old_blocks_time,p99 during scans ms,p99 without scans ms,QPS during scans,QPS without scans,scans took s,sbtest1 pages before the scans,sbtest1 fewest pages during them',
    );
    // At 0: p99 4 during the scan's two seconds, 1 outside; 100 pages before it, 20 at the fewest.
    expect(sides[1]).toBe('old_blocks_time = 0,0,4,1,102.5,102.5,2,100,20');
    expect(lines('mixed-scans.csv')[2]).toBe('old_blocks_time = 1000,Q1.1 (base),2,5,3,1 rows');
    const seconds = lines('mixed-seconds.csv');
    expect(seconds).toHaveLength(1 + 12);
    expect(seconds[3]).toBe('old_blocks_time = 0,2.5,102,4,Q1.1,100');
    expect(seconds[4]).toBe('old_blocks_time = 0,3.5,103,4,Q1.1,20');
    expect(seconds[1]).toBe('old_blocks_time = 0,0.5,100,1,,100');
  });

  it('refuses a mixed result beside other files, in words', async () => {
    const other = join(dir, 'other.json');
    writeFileSync(other, '{}');
    await expect(
      exportReport({ files: [other, saved], format: 'md', to: join(dir, 'x.md') }, '9.9'),
    ).rejects.toThrow(
      `${saved} is a result of bplab load --during, which compares its own sides (each old_blocks_time): give it alone.`,
    );
  });
});
