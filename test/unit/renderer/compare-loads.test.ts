/**
 * The Compare screen with load results: `bplab load` results opened side by side as the CLI compares
 * them (headline, chart, table), a `bplab load --during` result kept apart with its own sides, each
 * closed by its path, and the report asked for every file with no runs' sides to choose.
 */
import { describe, expect, it } from 'vitest';
import type { BplabApi } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';
import { setApi } from '../../../src/renderer/lib/api';
import { createCompareStore } from '../../../src/renderer/features/compare/stores/compare-store';
import {
  hasReport,
  sweepReports,
  type OpenedFile,
} from '../../../src/renderer/features/compare/utils/opened-loads';
import { result, step } from '../../support/load-fixture';
import { result as mixedResult, side } from '../reports/mixed-fixture';

const fast = result([step(1, 1000, 1), step(4, 3500, 2)]);
const slow = result([step(1, 800, 1.5), step(4, 2000, 4)]);
const mixed = mixedResult([side(0, [1, 2], [0, 500], [10])]);

function store() {
  return createCompareStore({
    open: (file): Promise<Result<OpenedFile>> =>
      Promise.resolve({
        ok: true,
        value: file.includes('mixed')
          ? { file, kind: 'mixed', result: mixed }
          : { file, kind: 'load', result: file.includes('fast') ? fast : slow },
      }),
    parse: () => Promise.reject(new Error('not used')),
  });
}

describe('load results on the Compare screen', () => {
  it('compares `bplab load` results side by side, named by their files, answer first', () => {
    const [report] = sweepReports(
      [],
      [
        { file: '/d/loads/fast.bplab-load.json', kind: 'load', result: fast },
        { file: '/d/loads/slow.json', kind: 'load', result: slow },
        { file: '/d/m.bplab-mixed.json', kind: 'mixed', result: mixed },
      ],
    );
    expect(report!.headline).toBe(
      'Peak point-select, 8 tables × 1,000 rows, 1–4 clients: fast: 3,500 QPS at 4 clients (p99 2.00 ms); slow: 2,000 QPS at 4 clients (p99 4.00 ms)',
    );
    expect(report!.chart.series.map((s) => s.label)).toEqual(['fast', 'slow']);
    expect(report!.table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['1', '1,000', '800', '1.00 ms', '1.50 ms', '0.80×'],
      ['4', '3,500', '2,000', '2.00 ms', '4.00 ms', '0.57×'],
    ]);
    expect(hasReport([], [])).toBe(false);
  });

  it('keeps load results apart from experiment files, closes each by its path, and exports them all', async () => {
    const asked: unknown[] = [];
    setApi({
      invoke: ((channel: string, req: unknown) => {
        if (channel === 'reports/export') asked.push(req);
        const value =
          channel === 'reports/export' ? { format: 'md', written: ['x.md'], bytes: 1, ms: 1 } : [];
        return Promise.resolve({ ok: true, value });
      }) as BplabApi['invoke'],
      on: (() => () => {}) as BplabApi['on'],
    });
    const s = store();
    await s.getState().open('/d/loads/fast.bplab-load.json');
    await s.getState().open('/d/loads/slow.bplab-load.json');
    await s.getState().open('/d/mixed.json');
    expect(s.getState().files).toEqual([]);
    expect(s.getState().loads.map((l) => [l.kind, l.file])).toEqual([
      ['load', '/d/loads/fast.bplab-load.json'],
      ['load', '/d/loads/slow.bplab-load.json'],
      ['mixed', '/d/mixed.json'],
    ]);
    // Opened again: reloaded, not twice.
    await s.getState().open('/d/loads/slow.bplab-load.json');
    expect(s.getState().loads).toHaveLength(3);
    s.getState().close('/d/mixed.json');
    expect(s.getState().loads.map((l) => l.kind)).toEqual(['load', 'load']);
    s.getState().setExport({ format: 'md', to: '/tmp/x.md' });
    await s.getState().exportReport();
    expect(s.getState().exportError).toBeNull();
    expect(asked).toEqual([
      {
        files: ['/d/loads/fast.bplab-load.json', '/d/loads/slow.bplab-load.json'],
        grouping: 'configuration',
        format: 'md',
        to: '/tmp/x.md',
      },
    ]);
  });
});
