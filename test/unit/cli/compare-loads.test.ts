/**
 * `bplab compare` and `bplab report` on an experiment file holding load sweeps only (post 002's
 * performance_schema on/off): the finding in words first, then the table; a report of the sweeps with
 * its chart; and a bplab load result file compared as before.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { serializeExperimentFile } from '../../../src/main/experiments/experiment-file';
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
} from '../../../src/shared/experiments/experiment-file';
import { ExperimentDefinitionSchema } from '../../../src/shared/experiments/experiments';
import { result, step } from '../../support/load-fixture';
import { wideLines } from '../../support/cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-compare-loads-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bplab(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    version: '9.9.9-test',
    staticDir: dir,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stopRequested: new Promise(() => {}),
    env: { BPLAB_HOME: join(dir, 'home') },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function pfsFile(): string {
  const definition = ExperimentDefinitionSchema.parse({
    name: 'pfs',
    schema: 'sbtest',
    queries: [],
    servers: [{ label: 'MySQL 8.0', profileId: 'p', sandboxId: 's' }],
    matrix: [{ kind: 'startup', variable: 'performance_schema', values: ['ON', 'OFF'] }],
    loads: [{ workload: 'read-only', tables: 1, rows: 1000, clients: [1, 64], seconds: 1 }],
  });
  const loads = (['ON', 'OFF'] as const).map((v, i) => ({
    planIndex: i,
    cell: `MySQL 8.0 · performance_schema=${v}`,
    step: 0,
    loadFile: null,
    readBack: { innodb_buffer_pool_size: '134217728', performance_schema: v === 'ON' ? '1' : '0' },
    dataBytes: 1_000_000,
    poolBytes: 134217728,
    result: result(
      v === 'ON' ? [step(1, 925, 0.5), step(64, 8_700, 9)] : [step(1, 1_000, 0.4), step(64, 10_000, 8)],
    ),
  }));
  const path = join(dir, 'pfs.bplab.json');
  writeFileSync(
    path,
    serializeExperimentFile({
      format: EXPERIMENT_FILE_FORMAT,
      version: EXPERIMENT_FILE_VERSION,
      savedAt: '2026-11-25T00:00:00Z',
      bplabVersion: 'test',
      state: 'complete',
      definition,
      servers: [{ label: 'MySQL 8.0', capabilities: null }],
      results: [],
      loads,
    }),
  );
  return path;
}

describe('load sweeps in bplab compare and report', () => {
  it("compares an experiment's sweeps: the headline, post 002's cost in words, then the QPS table", async () => {
    const r = await bplab(['compare', pfsFile()]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(
      /^Peak read-only, 1 table × 1,000 rows, 1–64 clients: performance_schema=ON: 8,700 QPS/,
    );
    expect(lines).toContain(
      '  - performance_schema costs 7.50% at 1 client, 13.0% at 64 (QPS on against off, MySQL 8.0).',
    );
    // No line wider than a terminal's 100 columns: the headline wraps.
    expect(wideLines(r.out)).toEqual([]);
    expect(r.out).toMatch(/QPS by clients \(point-select\), per configuration/);
  });

  it('writes a report of the sweeps: HTML with the chart and table, Markdown and CSV', async () => {
    const html = join(dir, 'pfs.html');
    const md = join(dir, 'pfs.md');
    const csv = join(dir, 'csv');
    const r = await bplab(['report', pfsFile(), '--html', html, '--md', md, '--csv', csv]);
    expect(r.err).toContain('HTML report written');
    expect(r.code).toBe(0);
    const page = readFileSync(html, 'utf8');
    // The answer first: the finding comes before the chart, the chart before the table.
    const at = (s: string) => page.indexOf(s);
    expect(at('performance_schema costs 7.50% at 1 client')).toBeGreaterThan(0);
    expect(at('<svg')).toBeGreaterThan(at('performance_schema costs'));
    expect(at('<table')).toBeGreaterThan(at('<svg'));
    expect(page).not.toMatch(/https?:\/\//);
    expect(readFileSync(md, 'utf8')).toContain('- performance_schema costs 7.50% at 1 client, 13.0% at 64');
    expect(readdirSync(csv)).toEqual(['load-pfs-bplab-json-1-qps.csv']);
    expect(readFileSync(join(csv, 'load-pfs-bplab-json-1-qps.csv'), 'utf8').split('\r\n')[1]).toBe(
      '1,925,1000,0.5,0.4,1.0811',
    );
  });

  it('compares bplab load result files side by side, named by their files', async () => {
    const a = join(dir, 'a.bplab-load.json');
    const b = join(dir, 'b.bplab-load.json');
    writeFileSync(a, JSON.stringify(result([step(1, 100, 1), step(4, 300, 2)])));
    writeFileSync(b, JSON.stringify(result([step(1, 110, 1), step(4, 390, 2)])));
    const r = await bplab(['compare', a, b]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(0, 2)).toEqual([
      'Peak point-select, 8 tables × 1,000 rows, 1–4 clients: a: 300 QPS at 4 clients (p99 2.00 ms); b: 390',
      '  QPS at 4 clients (p99 2.00 ms)',
    ]);
  });
});
