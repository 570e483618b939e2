/** The Compare screen's two tables (a comparison table, a finding's evidence) in one shape, with the same cell classes. */
import { describe, expect, it } from 'vitest';
import { gridOfEvidence, gridOfReportTable } from '../../../src/renderer/features/compare/utils/grid-table';
import { nameParts as headerParts } from '../../../src/shared/compare/report-table';
import { evidenceTable } from '../../../src/shared/compare/glance';

describe('gridOfReportTable', () => {
  it('makes each cell numeric as its column and keeps what differs', () => {
    const grid = gridOfReportTable({
      id: 't',
      title: 'T',
      columns: [
        { label: 'field', numeric: false },
        { label: 'A', numeric: true },
      ],
      rows: [
        [
          { text: 'innodb_old_blocks_time', value: 'innodb_old_blocks_time', differs: true },
          { text: '1,000', value: 1000 },
        ],
      ],
    });
    expect(grid.head.map((c) => [c.text, c.className])).toEqual([
      ['field', undefined],
      ['A', 'num'],
    ]);
    expect(grid.rows[0]).toEqual([
      { text: 'innodb_old_blocks_time', className: 'wrap differs', differs: true, span: 1 },
      { text: '1,000', className: 'num', differs: false, span: 1 },
    ]);
  });
});

describe('gridOfEvidence', () => {
  it('puts a figure per side in its column, and one of no side across them all', () => {
    const grid = gridOfEvidence(
      evidenceTable(
        [
          { label: 'pages read, A', value: '10' },
          { label: 'pages read, B', value: '20' },
          { label: 'setting', value: 'innodb_old_blocks_time' },
        ],
        ['A', 'B'],
      ),
    );
    expect(grid.head.map((c) => [c.text, c.className])).toEqual([
      ['what', undefined],
      ['A', 'num'],
      ['B', 'num'],
    ]);
    expect(grid.rows[0]!.map((c) => [c.text, c.className, c.span])).toEqual([
      ['pages read', undefined, 1],
      ['10', 'num', 1],
      ['20', 'num', 1],
    ]);
    expect(grid.rows[1]!.map((c) => [c.text, c.className, c.span])).toEqual([
      ['setting', undefined, 1],
      ['innodb_old_blocks_time', 'wrap', 2],
    ]);
  });
});

describe('a header', () => {
  it('wraps between the parts of a long name, never inside a word', () => {
    expect(headerParts('innodb_old_blocks_time=1000')).toEqual([
      'innodb_',
      'old_',
      'blocks_',
      'time=',
      '1000',
    ]);
    expect(headerParts('old-blocks-time.bplab.json: A')).toEqual([
      'old-blocks-time.',
      'bplab.',
      'json:',
      ' A',
    ]);
    expect(headerParts('rows')).toEqual(['rows']);
    expect(headerParts('innodb_old_blocks_time=1000').join('')).toBe('innodb_old_blocks_time=1000');
    // A number keeps its dot.
    expect(headerParts('B / A 1.22×')).toEqual(['B /', ' A 1.22×']);
  });
});
