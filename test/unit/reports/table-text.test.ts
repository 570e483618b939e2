import { describe, expect, it } from 'vitest';
import type { ReportTable } from '../../../src/shared/compare/report-table';
import { tableText } from '../../../src/main/reports/text';

const cell = (text: string) => ({ text, value: text });
const SIDES = ['MySQL 5.5.34 · performance_schema=ON', 'MySQL 5.5.34 · performance_schema=OFF'].flatMap(
  (s) => [s, s.replace('5.5.34', '5.6.14')],
);

/** The shape `bplab compare` printed for post 002's load: 13 columns, 400 characters wide. */
const wide: ReportTable = {
  id: 'load',
  title: 'QPS by clients (read-only), per configuration',
  note: 'Queries per second over each step’s counted time (BEGIN and COMMIT count as queries, as sysbench counts them); p99 in milliseconds.',
  columns: [
    { label: 'clients', numeric: true },
    ...SIDES.map((s) => ({ label: `${s} QPS (median)`, numeric: true })),
    ...SIDES.map((s) => ({ label: `${s} QPS of the 2 repeats`, numeric: false })),
    ...SIDES.map((s) => ({ label: `${s} p99`, numeric: true })),
  ],
  rows: [
    [
      '1',
      '9,549',
      '9,388',
      '9,948',
      '9,722',
      '9,530–9,568',
      '9,236–9,540',
      '9,929–9,967',
      '9,630–9,815',
      '2.48 ms',
      '2.49 ms',
      '2.37 ms',
      '2.29 ms',
    ].map(cell),
    [
      '64',
      '31,578',
      '29,263',
      '36,288',
      '37,475',
      '30,846–32,309',
      '28,331–30,195',
      '35,585–36,990',
      '36,964–37,986',
      '138 ms',
      '125 ms',
      '57.7 ms',
      '57.9 ms',
    ].map(cell),
  ],
};

describe('a table in the terminal', () => {
  it('fits 100 columns: headings wrap and a wide table is cut into parts that each repeat the first column', () => {
    const text = tableText(wide);
    const lines = text.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    // Every figure is still there, and each part names its rows by clients.
    for (const row of wide.rows) for (const c of row) expect(text).toContain(c.text);
    const parts = text.split('\n\n').slice(1);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part).toMatch(/^ *clients/m);
      expect(part).toMatch(/^ +1 {2}/m);
      expect(part).toMatch(/^ +64 {2}/m);
    }
    // A heading's words stay in order, over lines of its own column.
    expect(text).toMatch(/performance_schema=ON/);
  });

  it('leaves a narrow table on one heading line, as before', () => {
    const narrow: ReportTable = {
      id: 't',
      title: 'Time per query',
      columns: [
        { label: 'query', numeric: false },
        { label: 'A', numeric: true },
      ],
      rows: [[cell('Q1.1'), cell('1.20 s')]],
    };
    expect(tableText(narrow)).toBe('Time per query\n\nquery       A\nQ1.1   1.20 s');
  });
});
