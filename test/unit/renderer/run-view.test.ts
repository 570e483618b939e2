import { describe, expect, it } from 'vitest';
import { timedStage, type RunResult } from '../../../src/shared/runs/runs';
import {
  glanceRows,
  metricsView,
  outcomeRows,
  poolStatsTables,
  profileView,
  runTitle,
  settingsRows,
  statusRows,
  traceCheckView,
} from '../../../src/renderer/features/runs/utils/run-view';
import { pollerCostRows } from '../../../src/renderer/lib/live-view';
import { explainCell, explainColumns, explainTableView } from '../../../src/renderer/lib/explain';
import { pool } from './viz/samples';

const result = {
  format: 1,
  runId: 'r1',
  profileId: 'p1',
  queryId: 'Q1.1',
  variant: 'straight',
  sql: 'SELECT 1',
  schema: 'ssb_sf1',
  dataset: { schema: 'ssb_sf1', sf: 1, source: 'generated' },
  server: {
    flavor: 'mariadb',
    version: '10.11.6-MariaDB',
    bufferPoolSizeBytes: 128 * 1024 * 1024,
    bufferPoolInstances: 1,
    pageSizeBytes: 16384,
    oldBlocksTimeMs: 1000,
    oldBlocksPct: 37,
    readAheadThreshold: 56,
    flushMethod: 'O_DIRECT',
  },
  startedAt: '2026-11-23T05:40:12.345Z',
  state: 'complete',
  error: null,
  elapsedMs: 22_540,
  rows: 1,
  checksum: '9f2c',
} as unknown as RunResult;

describe('run view', () => {
  it('names the run and its outcome as the post would', () => {
    expect(runTitle(result)).toBe('Q1.1 (straight) on ssb_sf1');
    expect(runTitle({ ...result, variant: 'base' })).toBe('Q1.1 on ssb_sf1');
    const rows = Object.fromEntries(outcomeRows(result).map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      State: 'complete',
      Started: '2026-11-23 05:40:12 UTC',
      'Time (execution only)': '22.5 s',
      Rows: '1',
      Checksum: '9f2c',
      Dataset: 'ssb_sf1, SF 1 (generated)',
    });
  });

  it('opens with the time, the pages read into the pool and the hit ratio, or a dash where not recorded', () => {
    const g = (r: RunResult) => Object.fromEntries(glanceRows(r).map((x) => [x.label, x.value]));
    const status = [
      { name: 'Innodb_pages_read', before: 10, after: 38_971, delta: 38_961, scope: 'global' },
      { name: 'Innodb_buffer_pool_read_requests', before: 0, after: 1000, delta: 1000, scope: 'global' },
      { name: 'Innodb_buffer_pool_reads', before: 0, after: 250, delta: 250, scope: 'global' },
    ];
    expect(g({ ...result, status } as RunResult)).toEqual({
      Time: '22.5 s',
      'Pages read into the pool': '38,961',
      'Buffer pool hit ratio': '75.0%',
    });
    // No status counters: the pool's own NUMBER_PAGES_READ, after − before.
    const pooled = {
      ...result,
      status: [],
      poolStats: { before: [pool(0, { pagesRead: 100 })], after: [pool(0, { pagesRead: 1100 })] },
    } as unknown as RunResult;
    expect(g(pooled)).toEqual({
      Time: '22.5 s',
      'Pages read into the pool': '1,000',
      'Buffer pool hit ratio': '—',
    });
    const failed = { ...result, elapsedMs: null, status: [], poolStats: { before: null, after: null } };
    expect(g(failed as unknown as RunResult)).toEqual({
      Time: '—',
      'Pages read into the pool': '—',
      'Buffer pool hit ratio': '—',
    });
  });

  it('lists the settings in force', () => {
    const rows = Object.fromEntries(settingsRows(result).map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      Server: 'MariaDB 10.11.6-MariaDB',
      innodb_buffer_pool_size: '128 MiB',
      innodb_old_blocks_time: '1000 ms',
      innodb_old_blocks_pct: '37%',
      innodb_read_ahead_threshold: '56',
      innodb_flush_method: 'O_DIRECT',
      // Not recorded in results saved before bplab read it.
      innodb_adaptive_hash_index: '—',
    });
    const on = { ...result, server: { ...result.server, adaptiveHashIndex: true } };
    expect(settingsRows(on).find((r) => r.label === 'innodb_adaptive_hash_index')?.value).toBe('ON');
    const keys = { ...result, server: { ...result.server, keyBufferSizeBytes: 8 * 1024 * 1024 } };
    expect(settingsRows(keys).find((r) => r.label === 'key_buffer_size')?.value).toBe('8 MiB');
  });

  it('says what the server read and the CPU it used, or why bplab could not see them', () => {
    const value = (r: RunResult, label: string) => outcomeRows(r).find((x) => x.label === label)?.value;
    const seen = { ...result, serverProcess: { readBytes: 612 * 1024 * 1024, cpuMs: 1530 } } as RunResult;
    expect(value(seen, 'Bytes read from storage')).toBe('612 MiB');
    expect(value(seen, 'Server CPU')).toBe('1.53 s');
    const remote = {
      ...result,
      serverProcess: { unavailable: 'the server is not a bplab sandbox on this machine' },
    };
    expect(value(remote as RunResult, 'Bytes read from storage')).toBe(
      '— (the server is not a bplab sandbox on this machine)',
    );
    expect(value(result, 'Server CPU')).toBe('— (not recorded: a run saved before bplab recorded it)');
    const myisam = { ...result, dataset: { schema: 'ssb_my', sf: 1, source: 'generated', engine: 'MyISAM' } };
    expect(value(myisam as RunResult, 'Dataset')).toBe('ssb_my, SF 1, MyISAM (generated)');
  });

  it('marks global counters and reads byte counters as bytes', () => {
    const rows = statusRows([
      { name: 'Innodb_buffer_pool_reads', before: 550, after: 191_571, delta: 191_021, scope: 'global' },
      { name: 'Innodb_data_read', before: 0, after: 3_140_882_432, delta: 3_140_882_432, scope: 'global' },
      { name: 'Handler_read_next', before: 10, after: 10, delta: 0, scope: 'session' },
    ]);
    expect(rows[0]).toEqual({
      name: 'Innodb_buffer_pool_reads',
      before: '550',
      after: '191,571',
      delta: '+191,021',
      scope: 'global (all sessions)',
      global: true,
    });
    expect(rows[1]!.delta).toBe('+2.93 GiB');
    expect(rows[2]).toMatchObject({ delta: '0', scope: 'this session', global: false });
  });

  it('shows every profile column, nulls as dashes, and names the source', () => {
    const view = profileView({
      source: 'performance-schema',
      note: 'instruments enabled for this run, put back after',
      stages: [
        timedStage('executing', 750),
        {
          stage: 'Sending data',
          durationMs: 250,
          cpuUserMs: 120,
          cpuSystemMs: 3.5,
          contextVoluntary: 12,
          contextInvoluntary: 1,
          blockOpsIn: 2048,
          blockOpsOut: 0,
          pageFaultsMajor: 0,
          pageFaultsMinor: 33,
        },
      ],
    });
    expect(view.source).toContain('performance_schema');
    expect(view.total).toBe('1.00 s');
    expect(view.rows[0]).toMatchObject({
      durationMs: '750 ms',
      cpuUserMs: '—',
      pageFaultsMinor: '—',
      share: '75.0%',
    });
    expect(view.rows[1]).toMatchObject({
      cpuSystemMs: '3.50 ms',
      blockOpsIn: '2,048',
      pageFaultsMinor: '33',
      share: '25.0%',
    });
  });

  it('puts pool stats before and after side by side, every raw column, with the change', () => {
    const before = [
      pool(0, {
        pagesRead: 38_960,
        raw: { POOL_ID: 0, NUMBER_PAGES_READ: 38_960, HIT_RATE: 0, PAGES_READ_RATE: 0 },
      }),
    ];
    const after = [
      pool(0, {
        pagesRead: 191_834,
        raw: { POOL_ID: 0, NUMBER_PAGES_READ: 191_834, HIT_RATE: 950, PAGES_READ_RATE: 3246.91106930391 },
      }),
    ];
    const [table] = poolStatsTables(before, after);
    expect(table!.rows).toEqual([
      { column: 'NUMBER_PAGES_READ', before: '38,960', after: '191,834', delta: '+152,874' },
      { column: 'HIT_RATE', before: '0', after: '950', delta: '+950' },
      { column: 'PAGES_READ_RATE', before: '0', after: '3246.911', delta: '+3,247' },
    ]);
    expect(poolStatsTables(before, null)[0]!.rows[0]).toMatchObject({ after: '—', delta: '' });
  });

  it("gives the poller's cost, or says it was off", () => {
    const rows = Object.fromEntries(
      pollerCostRows({
        intervalMs: 500,
        adaptive: true,
        snapshots: 42,
        meanSnapshotMs: 110,
        maxSnapshotMs: 180,
        serverShare: 0.021,
        targetShare: 0.05,
      }).map((r) => [r.label, r.value]),
    );
    expect(rows).toEqual({
      Walks: 'as often as the budget allows: about every 500 ms now',
      'LRU walks during the query': '42',
      'Per walk': '110 ms mean, 180 ms max',
      'Share of the query’s time so far': '2.10% (auto keeps it near 5%)',
    });
    expect(pollerCostRows(null)[0]!.value).toContain('off');
  });

  it("keeps EXPLAIN's columns in the server's order and prints NULL", () => {
    expect(
      explainColumns([
        { id: 1, table: 'dim_date', key: null },
        { id: 1, table: 'lineorder', key: 'LO_OrderDateKey', extra: 'Using where' },
      ]),
    ).toEqual(['id', 'table', 'key', 'extra']);
    expect(explainCell(null)).toBe('NULL');
    expect(explainCell(2704)).toBe('2704');
  });

  it("shows the columns a plan is read by, the others folded into one cell per row (MySQL 8.0's twelve overflowed 1440 px)", () => {
    const view = explainTableView([
      {
        id: 1,
        select_type: 'SIMPLE',
        table: 'dim_date',
        partitions: null,
        type: 'ALL',
        possible_keys: 'PRIMARY',
        key: null,
        key_len: null,
        ref: null,
        rows: 2556,
        filtered: 10,
        Extra: 'Using where',
      },
      {
        id: 1,
        select_type: 'SIMPLE',
        table: 'lineorder',
        partitions: null,
        type: 'ref',
        possible_keys: 'LO_OrderDateKey',
        key: 'LO_OrderDateKey',
        key_len: '4',
        ref: 'ssb_sf0_1.dim_date.D_DateKey',
        rows: 2704,
        filtered: 3.7,
        Extra: 'Using where',
      },
    ]);
    expect(view.columns).toEqual(['id', 'table', 'type', 'key', 'rows', 'filtered', 'Extra']);
    expect(view.otherColumns).toEqual(['select_type', 'partitions', 'possible_keys', 'key_len', 'ref']);
    expect(view.rows[1]).toEqual({
      cells: ['1', 'lineorder', 'ref', 'LO_OrderDateKey', '2704', '3.7', 'Using where'],
      other:
        'select_type SIMPLE · possible_keys LO_OrderDateKey · key_len 4 · ref ssb_sf0_1.dim_date.D_DateKey',
    });
  });
});

describe('the INNODB_METRICS section', () => {
  it('lists each counter with its change and says where they came from; an older run says it has none', () => {
    const withMetrics = {
      ...result,
      innodbMetrics: {
        counters: [
          { subsystem: 'adaptive_hash_index', name: 'adaptive_hash_searches', delta: 3_500_000 },
          { subsystem: 'adaptive_hash_index', name: 'adaptive_hash_searches_btree', delta: 20_000 },
        ],
        enabledForRun: [],
        note: 'INNODB_METRICS counters (all were on already; nothing changed).',
      },
    } as RunResult;
    expect(metricsView(withMetrics)).toEqual({
      rows: [
        { label: 'adaptive_hash_searches', value: '3,500,000' },
        { label: 'adaptive_hash_searches_btree', value: '20,000' },
      ],
      note: 'INNODB_METRICS counters (all were on already; nothing changed).',
    });
    expect(metricsView(result)).toEqual({
      rows: [],
      note: 'Not recorded: a run saved before bplab recorded INNODB_METRICS.',
    });
  });
});

describe("the trace's check in the result view", () => {
  const trace = { file: 'r1.pagetrace', requests: 180_000, records: 9_000, probes: [], lost: 0 };

  it('prints the check as `bplab query --trace-pages` does, beside the trace', () => {
    const traced = {
      ...result,
      pageTrace: {
        ...trace,
        check: { serverRequests: 184_000, run: 180_000, bplab: 1_500, server: 2_000, windowMs: 3_200 },
      },
    } as RunResult;
    expect(traceCheckView(traced)).toEqual({
      lines: [
        "trace check: 183,500 page requests traced, as the server counts them, against its 184,000 over the same 3.2 s (−0.27%, within 1%): the run's own thread 180,000, bplab's own reads (its poller and control connection) 1,500, the server's own threads 2,000",
      ],
      incomplete: false,
    });
  });

  it('marks an incomplete trace as such, and says nothing for a run that was not traced', () => {
    const cut = {
      ...result,
      pageTrace: {
        ...trace,
        incomplete: 'bpftrace was killed (SIGKILL) 2.4 s after its probes were attached',
      },
    } as RunResult;
    const view = traceCheckView(cut);
    expect(view?.incomplete).toBe(true);
    expect(view?.lines).toHaveLength(1);
    expect(view?.lines[0]).toMatch(
      /^trace incomplete: bpftrace was killed \(SIGKILL\) 2\.4 s after its probes were attached; the run's measurements are kept/,
    );
    expect(traceCheckView(result)).toBeNull();
  });

  it('says when a traced run kept no check, rather than nothing', () => {
    const older = { ...result, pageTrace: trace } as RunResult;
    expect(traceCheckView(older)?.lines).toEqual([
      "trace check: none kept (the run was traced before bplab set its trace against the server's count)",
    ]);
  });
});
