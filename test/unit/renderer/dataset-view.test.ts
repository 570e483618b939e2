import { describe, expect, it } from 'vitest';
import type { TaskProgress } from '../../../src/shared/app/tasks';
import type { DatasetInfo, DatasetVerifyReport } from '../../../src/shared/datasets/datasets';
import { SSB_REFERENCE } from '../../../src/shared/datasets/ssb-reference';
import {
  datasetRow,
  progressView,
  referenceRows,
  verifyProgressText,
  verifyView,
} from '../../../src/renderer/features/datasets/utils/dataset-view';
import { THE_13_QUERY_IDS } from '../../support/ssb-query-ids';

const info = (
  patch: Partial<DatasetInfo & { activeTaskId: string | null }>,
): DatasetInfo & { activeTaskId: string | null } => ({
  schema: 'ssb_sf1',
  source: 'generated',
  sf: 1,
  seed: 1,
  mode: 'dbgen',
  lastVerify: null,
  engine: 'InnoDB',
  keysBuilt: 'alter-add-keys',
  lineorderPk: false,
  state: 'complete',
  expectedRows: { lineorder: 6001171 },
  loadedRows: { lineorder: 6001171 },
  startedAt: '2026-01-02T03:04:05.678Z',
  finishedAt: '2026-01-02T03:05:06.789Z',
  error: null,
  sourceDir: null,
  bplabVersion: '0.1.0',
  activeTaskId: null,
  ...patch,
});

describe('datasetRow', () => {
  it('shows a complete generated dataset with its figures', () => {
    expect(datasetRow(info({}))).toMatchObject({
      stateLabel: 'complete',
      tone: 'ok',
      source: 'generated, SF 1 seed 1',
      layout: 'InnoDB',
      lineorderRows: '6,001,171',
      when: '2026-01-02 03:05:06 UTC',
      started: '2026-01-02 03:04:05 UTC',
      canVerify: true,
      canDrop: true,
    });
  });

  it('never shows an unfinished load as complete', () => {
    expect(datasetRow(info({ state: 'cancelled' })).stateLabel).toBe('cancelled (incomplete)');
    expect(datasetRow(info({ state: 'failed', error: 'part.tbl, line 3: ...' }))).toMatchObject({
      stateLabel: 'failed (incomplete)',
      tone: 'bad',
      error: 'part.tbl, line 3: ...',
    });
    // Recorded as loading, but no task is loading it: bplab or the server stopped mid-load.
    expect(datasetRow(info({ state: 'loading' })).stateLabel).toBe('interrupted (incomplete)');
    expect(datasetRow(info({ state: 'loading', activeTaskId: 't1' }))).toMatchObject({
      stateLabel: 'loading',
      canDrop: false,
      canVerify: false,
    });
  });

  it('shows the last verify recorded with the dataset, and offers verify only for a complete one', () => {
    expect(datasetRow(info({})).lastVerify).toBe('not verified');
    const lastVerify: DatasetVerifyReport = {
      schema: 'ssb_sf1',
      checkedAt: '2026-01-02T04:00:00.000Z',
      durationMs: 1,
      state: 'complete',
      tables: [],
      selectivity: [],
      scale: 0,
      judged: 0,
      pass: false,
    };
    // Nothing differed, but nothing could be judged either: not a pass.
    expect(datasetRow(info({ lastVerify }))).toMatchObject({
      lastVerify: 'NOT JUDGED (0 of 0 queries judged), 2026-01-02 04:00:00 UTC',
      lastVerifyTone: 'bad',
    });
    expect(datasetRow(info({ state: 'failed' })).canVerify).toBe(false);
    expect(datasetRow(info({ state: 'cancelled' })).canVerify).toBe(false);
  });

  it('never shows the start time as the end of a load that did not finish', () => {
    // A load whose process died records no end: the Finished column says so, not its start.
    const interrupted = datasetRow(info({ state: 'loading', finishedAt: null }));
    expect(interrupted.when).toBe('—');
    expect(interrupted.started).toBe('2026-01-02 03:04:05 UTC');
    expect(datasetRow(info({ state: 'failed', finishedAt: null, error: 'lost' })).when).toBe('—');
    expect(
      datasetRow(info({ state: 'failed', finishedAt: '2026-01-02T03:04:59.000Z', error: 'lost' })).when,
    ).toBe('2026-01-02 03:04:59 UTC');
  });

  it('says where an import came from and the PK variant', () => {
    const row = datasetRow(
      info({
        source: 'imported',
        sf: null,
        seed: null,
        sourceDir: '/data/ssb',
        lineorderPk: true,
        engine: 'MyISAM',
      }),
    );
    expect(row.source).toBe('imported from /data/ssb');
    expect(row.layout).toBe('MyISAM, lineorder PK');
  });
});

describe('progressView', () => {
  const p = (patch: Partial<TaskProgress>): TaskProgress => ({
    taskId: 't',
    phase: 'loading',
    fraction: 0.456,
    message: 'Loading lineorder from the generator',
    done: false,
    figures: { rows: 2_500_000, rowsPerSec: 312_345.6, etaSec: 75 },
    ...patch,
  });

  it('gives the percentage, rows, rate and time left', () => {
    expect(progressView(p({}))).toEqual({
      phase: 'Loading rows',
      percent: 45,
      rows: '2,500,000 rows',
      rate: '312,346 rows/s',
      eta: 'about 1:15 left',
      message: 'Loading lineorder from the generator',
      done: false,
      failed: false,
    });
  });

  it('marks a failed load', () => {
    const v = progressView(
      p({ phase: 'failed', fraction: null, done: true, error: { code: 'FILE_MALFORMED', message: 'x' } }),
    );
    expect(v).toMatchObject({ phase: 'Failed', percent: null, done: true, failed: true, eta: '' });
  });
});

describe('verifyView', () => {
  it('formats counts and each query against its reference', () => {
    const ref = SSB_REFERENCE[0]!;
    const report: DatasetVerifyReport = {
      schema: 's',
      checkedAt: '',
      durationMs: 12_345,
      state: 'complete',
      scale: 1,
      judged: 1,
      pass: false,
      tables: [{ table: 'lineorder', expectedRows: 6001171, actualRows: 6001170, pass: false }],
      selectivity: [
        {
          id: ref.id,
          keptRows: 119_142,
          fraction: 0.0198531,
          referenceFraction: ref.fraction,
          ratio: 1,
          durationMs: 10,
          expectedRows: 119_142,
          low: 107_227.8,
          high: 131_056.2,
          tolerance: 0.1,
          rule: 'tolerance',
          verdict: 'pass',
          pass: true,
        },
      ],
    };
    const v = verifyView(report);
    expect(v.verdict).toBe('FAIL');
    expect(v.verdictWords).toBe('row counts differ in lineorder; 1 of 1 queries judged');
    expect(v.summary).toBe('state complete; scale 1.0000 of SF 1; checked in 12.3 s');
    expect(v.tables[0]).toEqual({
      table: 'lineorder',
      actual: '6,001,170',
      expected: '6,001,171',
      pass: false,
    });
    expect(v.queries[0]).toEqual({
      id: 'Q1.1',
      kept: '119,142',
      fraction: '0.0198531',
      reference: '0.0198531',
      ratio: '1.000',
      allowed: '±10%',
      verdict: 'pass',
      verdictText: 'pass',
      pass: true,
    });
  });
});

describe('verifyProgressText', () => {
  const at = (done: number, step: string) => ({ profileId: 'p', schema: 'ssb_sf1', done, total: 18, step });

  it('says what it counts before the first count is reported', () => {
    expect(verifyProgressText(null)).toBe('counting rows and the 13 queries’ kept rows…');
  });

  it('names the running count and numbers it from 1', () => {
    expect(verifyProgressText(at(0, 'rows of customer'))).toBe('counting rows of customer (1 of 18)…');
    expect(verifyProgressText(at(12, 'Q3.3'))).toBe('counting Q3.3 (13 of 18)…');
  });

  it('says it is finishing once every count is done', () => {
    expect(verifyProgressText(at(18, 'done'))).toBe('finishing (18 of 18 counted)');
  });
});

describe('referenceRows', () => {
  it('lists the 13 queries with their narrowest bands', () => {
    const rows = referenceRows();
    expect(rows.map((r) => r.id)).toEqual(THE_13_QUERY_IDS);
    // The narrowest band; the sampling statistics widen it where the counts are small.
    expect(rows.find((r) => r.id === 'Q3.3')?.tolerance).toBe('at least ±30%');
    expect(rows.find((r) => r.id === 'Q1.1')?.tolerance).toBe('at least ±10%');
    expect(rows.find((r) => r.id === 'Q2.3')?.kept).toBe('1,234');
  });
});
