import { describe, expect, it } from 'vitest';
import { lruMapMoments, lruMapView } from '../../../../src/shared/compare/charts';
import { chooseSides, fileLabel, fileLabels } from '../../../../src/shared/compare/experiment-sides';
import { lruMapSvg } from '../../../../src/shared/compare/svg';
import { experimentTable, serversTable } from '../../../../src/shared/compare/experiment-tables';
import type { LruMapFrame } from '../../../../src/shared/runs/runs';
import { cssColor, keyColor, SERVER_GROUPS, userColors } from '../../../../src/shared/runs/palette';
import { experiment, mapFrame, runResult } from '../../../support/run-fixture';

const frame = (over: Partial<LruMapFrame> = {}): LruMapFrame => ({
  atMs: 500,
  costMs: 1,
  bucketPages: 10,
  legend: ['ssb.lineorder/GEN_CLUST_INDEX', 'ssb.dim_date/PRIMARY'],
  pools: [
    {
      poolId: 0,
      lruLength: 40,
      oldLength: 15,
      buckets: [
        [[1, 10, 0]],
        [
          [1, 6, 0],
          [0, 4, 0],
        ],
        [[0, 10, 5]],
        [[0, 10, 10]],
      ],
    },
  ],
  ...over,
});

describe('the LRU map at a moment', () => {
  it('gives each bucket to the index holding most of it, merges neighbours, marks old and the boundary', () => {
    const view = lruMapView(frame(), 'A at 0.5 s');
    expect(view.strips).toHaveLength(1);
    expect(view.strips[0]!.segments).toEqual([
      { from: 0, to: 0.5, ordinal: 1, old: false },
      { from: 0.5, to: 0.75, ordinal: 0, old: false },
      { from: 0.75, to: 1, ordinal: 0, old: true },
    ]);
    expect(view.strips[0]!.boundary).toBeCloseTo(25 / 40);
    expect(view.legend.map(({ ordinal, label }) => ({ ordinal, label }))).toEqual([
      { ordinal: 0, label: 'lineorder GEN_CLUST_INDEX' },
      { ordinal: 1, label: 'dim_date PRIMARY' },
    ]);
    // Each in the colour the live map gives it (by name), two indexes two colours.
    const users = userColors(frame().legend);
    expect(view.legend.map((e) => e.color)).toEqual(frame().legend.map((k) => cssColor(keyColor(k, users))));
    expect(new Set(view.legend.map((e) => e.color)).size).toBe(2);
  });

  it("groups the server's own indexes into one legend entry per group", () => {
    const f = frame({
      legend: [
        'ssb.lineorder/GEN_CLUST_INDEX',
        'mysql.tables/PRIMARY',
        'mysql.columns/PRIMARY',
        '(undo 2)/(none)',
      ],
      pools: [
        {
          poolId: 0,
          lruLength: 30,
          oldLength: 0,
          buckets: [
            [
              [1, 4, 0],
              [2, 4, 0],
              [0, 2, 0],
            ],
            [[0, 10, 0]],
            [[3, 10, 0]],
          ],
        },
      ],
    });
    const view = lruMapView(f, 't');
    expect(view.legend.map((e) => [e.label, e.color])).toEqual([
      [
        'lineorder GEN_CLUST_INDEX',
        cssColor(keyColor('ssb.lineorder/GEN_CLUST_INDEX', userColors(f.legend))),
      ],
      [SERVER_GROUPS.dictionary.label, cssColor(SERVER_GROUPS.dictionary.rgb)],
      [SERVER_GROUPS.undo.label, cssColor(SERVER_GROUPS.undo.rgb)],
    ]);
  });

  it('scales every pool to the longest LRU, and a pool with no old pages has no boundary', () => {
    const f = frame();
    f.pools.push({ poolId: 1, lruLength: 20, oldLength: 0, buckets: [[[0, 10, 0]], [[0, 10, 0]]] });
    const view = lruMapView(f, 't');
    expect(view.strips[1]!.segments).toEqual([{ from: 0, to: 0.5, ordinal: 0, old: false }]);
    expect(view.strips[1]!.boundary).toBeNull();
  });

  it('picks the first, the middle and the last frame, and fewer when there are fewer', () => {
    const frames = [0, 1000, 2000, 3000, 4000].map((t) => mapFrame(t, 8));
    expect(lruMapMoments(frames, 'A').map((v) => v.atMs)).toEqual([0, 2000, 4000]);
    expect(lruMapMoments(frames.slice(0, 1), 'A').map((v) => v.atMs)).toEqual([0]);
    expect(lruMapMoments([], 'A')).toEqual([]);
    expect(lruMapMoments(frames, 'A')[1]!.title).toBe("A's LRU at 2.00 s");
  });

  it('draws as SVG: one rect per segment, the boundary, and escaped labels', () => {
    const svg = lruMapSvg(lruMapView(frame({ legend: ['s.<x>/PRIMARY', 's.y/PRIMARY'] }), 'a & b'), 'm1');
    expect(svg.match(/class="lru-segment"/g)).toHaveLength(3);
    expect(svg).toContain('fill-opacity="0.45"');
    expect(svg).toContain('<line');
    expect(svg).toContain('&lt;x&gt; PRIMARY');
    expect(svg).toContain('<title>a &amp; b</title>');
  });
});

describe('file labels and chosen sides', () => {
  it('names files without their suffix, numbering repeats, on either kind of path', () => {
    expect(fileLabel('/a/b/post001.bplab.json')).toBe('post001');
    expect(fileLabel('C:\\runs\\q11.json')).toBe('q11');
    expect(fileLabels(['/a/x.bplab.json', '/b/x.bplab.json', '/c/y.json'])).toEqual(['x', 'x (2)', 'y']);
  });

  it('keeps the order chosen and only the chosen configurations’ protocol runs', () => {
    const a = { label: 'A', runs: [runResult()] };
    const b = { label: 'B', runs: [runResult()] };
    const c = { label: 'C', runs: [runResult()] };
    const protocol = ['A', 'B', 'C'].map((configuration) => ({
      configuration,
      repetition: 'cold' as const,
      queryId: 'Q1.1',
      elapsedMs: 1,
    }));
    const chosen = chooseSides({ sides: [a, b, c], protocol }, ['C', 'A']);
    expect('problem' in chosen).toBe(false);
    if ('problem' in chosen) return;
    expect(chosen.sides.map((s) => s.label)).toEqual(['C', 'A']);
    expect(chosen.protocol.map((p) => p.configuration)).toEqual(['C', 'A']);
    expect(chooseSides({ sides: [a], protocol }, ['A', 'Z'])).toEqual({
      problem: 'no configuration is named Z',
    });
  });
});

describe("an experiment's definition and servers as tables", () => {
  const x = experiment(1);
  const source = { file: '/r/post001.bplab.json', ...x };

  it('says what ran, how and where', () => {
    const t = experimentTable(source);
    const rows = Object.fromEntries(t.rows.map((r) => [r[0]!.text, r[1]!.text]));
    expect(t.id).toBe('experiment');
    expect(rows.queries).toBe('Q1.1 (straight)');
    expect(rows['matrix: innodb_old_blocks_time (global)']).toBe('1000, 0');
    expect(rows.protocol).toContain('a cold run after a restart; 3 hot runs');
    // The file by its name: a report never carries the local folder it came from.
    expect(rows.file).toBe('post001.bplab.json');
    expect(experimentTable({ ...source, file: 'C:\\Users\\me\\x.bplab.json' }).rows[0]![1]!.text).toBe(
      'x.bplab.json',
    );
    expect(experimentTable(source, 1, 2).id).toBe('experiment-2');
  });

  it('reads each server from its capability report, and says when there is none', () => {
    expect(
      serversTable(source)
        .rows[0]!.map((c) => c.text)
        .slice(0, 2),
    ).toEqual(['MySQL 5.6', 'no capability report']);
    const withReport = {
      ...source,
      servers: [
        {
          label: 'MariaDB',
          capabilities: {
            server: { flavor: 'mariadb', version: '10.11.6' },
            bufferPool: {
              bufferPoolSizeBytes: 16 * 1024 * 1024,
              bufferPoolInstances: 1,
              pageSizeBytes: 16384,
              oldBlocksTimeMs: 1000,
              oldBlocksPct: 37,
              readAheadThreshold: 56,
            },
            lruOld: { method: 'lru-position' },
          } as never,
        },
      ],
    };
    expect(serversTable(withReport).rows[0]!.map((c) => c.text)).toEqual([
      'MariaDB',
      'MariaDB 10.11.6',
      '16 MiB',
      '1',
      '16 KiB',
      '1,000',
      '37',
      '56',
      'LRU_POSITION < OLD_DATABASE_PAGES',
    ]);
  });
});
