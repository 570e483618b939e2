/**
 * The report written from the app (reports/export): the configurations chosen, baseline first, in
 * each format; the experiment's definition and servers and the LRU map's moments in the HTML; and no
 * report from a source holding a password, with nothing written.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeExperimentFile, loadExperimentFile } from '../../../src/main/experiments/experiment-file';
import { exportReport, reportModel } from '../../../src/main/reports/export';
import { referenceExperiment } from '../../support/reference-fixture';
import type { ExperimentFile } from '../../../src/shared/experiments/experiment-file';
import { experiment, runResult } from '../../support/run-fixture';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-report-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The configurations' cells in the file, and their names as sides (without what both share). */
const CELL_ONE = 'MySQL 5.6 · innodb_old_blocks_time=1000';
const CELL_ZERO = 'MySQL 5.6 · innodb_old_blocks_time=0';
const ONE = 'innodb_old_blocks_time=1000';
const ZERO = 'innodb_old_blocks_time=0';

/** Two configurations, cold + one hot run each; the second reads more pages. */
function twoConfigurations(): ExperimentFile {
  const x = experiment(4);
  x.results = x.results.map((r, i) => ({
    ...r,
    cell: i < 2 ? CELL_ONE : CELL_ZERO,
    pass: i % 2 === 0 ? { kind: 'cold' } : { kind: 'hot', n: 1 },
    run: i < 2 ? r.run : runResult({ runId: `run-${i}`, elapsedMs: 50_000 }),
  }));
  return x;
}

function saved(x: ExperimentFile, name = 'post001.bplab.json'): string {
  const file = join(dir, name);
  writeFileSync(file, serializeExperimentFile(x));
  return file;
}

describe('reports/export', () => {
  it('writes the HTML report of the chosen configurations, the baseline first, with definition, servers and LRU maps', async () => {
    const file = saved(twoConfigurations());
    const to = join(dir, 'out', 'report.html');
    const done = await exportReport({ files: [file], sides: [ZERO, ONE], format: 'html', to }, 'test');
    expect(done.written).toEqual([to]);
    const html = readFileSync(to, 'utf8');
    expect(done.bytes).toBe(Buffer.byteLength(html));
    expect(html).toContain(`bplab comparison: ${ONE} against ${ZERO}`);
    expect(html).toContain('id="experiment"');
    expect(html).toContain('old_blocks_time 1000 vs 0');
    expect(html).toContain('id="servers"');
    expect(html).toContain('no capability report');
    expect(html).toContain('id="flights"');
    expect(html).toMatch(/<svg[^>]+id="p1-[^"]*-lru-chart-map-a-1"/);
    expect(html).toContain('class="lru-segment"');
  });

  it("opens on the experiment's question when no side is chosen: post 001's 1000 against 0, not the flush methods", async () => {
    const file = saved(referenceExperiment([], { variable: 'innodb_old_blocks_time', against: '0' }));
    const m = await reportModel({ files: [file] }, 'test');
    expect(m.legend.map((s) => s.label)).toEqual([
      'innodb_old_blocks_time=0 · innodb_flush_method=default',
      'innodb_old_blocks_time=1000 · innodb_flush_method=default',
    ]);
    expect(m.heading).toBe('innodb_old_blocks_time 1000 against 0, within each innodb_flush_method');
    expect(m.headlines).toHaveLength(2);
    expect(m.headlines[0]).toMatch(
      /^innodb_flush_method=default: innodb_old_blocks_time=1000 is 1\.11× slower than innodb_old_blocks_time=0/,
    );
    expect(m.headlines[1]).toMatch(/^innodb_flush_method=O_DIRECT: innodb_old_blocks_time=1000 is /);
    const to = join(dir, 'question.html');
    await exportReport({ files: [file], format: 'html', to }, 'test');
    const html = readFileSync(to, 'utf8');
    // The first heading and the first sentence name the question.
    expect(html).toMatch(
      /<h1>bplab comparison: innodb_old_blocks_time 1000 against 0, within each innodb_flush_method<\/h1>/,
    );
    expect(
      html.indexOf('<p class="headline">innodb_flush_method=default: innodb_old_blocks_time=1000 is '),
    ).toBeLessThan(html.indexOf('<table'));
    expect(html).toMatch(/<p class="note ratios">Every ratio is B(&#39;|')s time over A(&#39;|')s\.<\/p>/);
  });

  it('writes one CSV file per table into a folder, and a Markdown summary', async () => {
    const file = saved(twoConfigurations());
    const csv = await exportReport({ files: [file], format: 'csv', to: join(dir, 'csv') }, 'test');
    expect(readdirSync(join(dir, 'csv')).sort()).toEqual(
      csv.written.map((w) => w.slice(dir.length + 5)).sort(),
    );
    expect(readdirSync(join(dir, 'csv'))).toContain('query-times.csv');
    const md = await exportReport({ files: [file], format: 'md', to: join(dir, 'summary.md') }, 'test');
    expect(readFileSync(md.written[0]!, 'utf8')).toContain('## Findings');
  });

  it('refuses a configuration no file holds, in words', async () => {
    const file = saved(twoConfigurations());
    await expect(
      exportReport({ files: [file], sides: [ONE, 'nowhere'], format: 'html', to: join(dir, 'r.html') }, 't'),
    ).rejects.toThrow('no configuration is named nowhere');
    expect(existsSync(join(dir, 'r.html'))).toBe(false);
  });

  it('never writes a report from a run holding a password, and says where it is', async () => {
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify(runResult()));
    const leaky = runResult({ runId: 'b' }) as unknown as Record<string, unknown>;
    leaky.server = { ...(leaky.server as object), password: 'hunter2' };
    writeFileSync(b, JSON.stringify(leaky));
    const to = join(dir, 'leak.html');
    await expect(exportReport({ files: [a, b], format: 'html', to }, 'test')).rejects.toThrow(
      /looks like a password \(at \$\[1\]\[0\]\.server\.password\)/,
    );
    expect(existsSync(to)).toBe(false);
    // The same files without it make a report, and no format carries a password anywhere.
    writeFileSync(b, JSON.stringify(runResult({ runId: 'b' })));
    for (const format of ['html', 'md'] as const) {
      const done = await exportReport({ files: [a, b], format, to: join(dir, `ok.${format}`) }, 'test');
      expect(readFileSync(done.written[0]!, 'utf8')).not.toMatch(/hunter2|password/i);
    }
  });
});

describe('experiments/open without samples', () => {
  it('leaves every run’s samples empty and keeps the rest', () => {
    const file = saved(twoConfigurations());
    const full = loadExperimentFile(file);
    const light = loadExperimentFile(file, { samples: 'none' });
    expect(full.results[0]!.run.samples.maps.length).toBeGreaterThan(0);
    expect(light.results.map((r) => r.run.samples.maps.length)).toEqual([0, 0, 0, 0]);
    expect(light.results.map((r) => r.run.elapsedMs)).toEqual(full.results.map((r) => r.run.elapsedMs));
  });
});
