import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadExperimentFile,
  parseExperimentFile,
  saveExperimentFile,
  serializeExperimentFile,
} from '../../../src/main/experiments/experiment-file';
import {
  experimentFileJsonSchema,
  type ExperimentFile,
} from '../../../src/shared/experiments/experiment-file';
import {
  comparisonView,
  configurationChoices,
  pairDetail,
} from '../../../src/renderer/features/compare/utils/compare-view';
import { AppFailure } from '../../../src/shared/result';
import { experiment } from '../../support/run-fixture';

const failure = (f: () => unknown): AppFailure => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure');
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bplab-exp-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('experiment files', () => {
  it('round-trips an experiment with its samples', () => {
    const file = join(dir, 'a.bplab.json');
    const original = experiment();
    saveExperimentFile(file, original);
    expect(loadExperimentFile(file)).toEqual(original);
    // Samples are stored deflated, not as plain JSON arrays.
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"encoding": "deflate-base64"');
    expect(text).not.toContain('GEN_CLUST_INDEX","pages"');
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });

  it('names the path and the fault of a bad value', () => {
    const stored = JSON.parse(serializeExperimentFile(experiment()));
    stored.results[1].run.server.bufferPoolSizeBytes = 'lots';
    const e = failure(() => parseExperimentFile(JSON.stringify(stored), 'x.bplab.json'));
    expect(e.error.code).toBe('FILE_MALFORMED');
    expect(e.error.message).toMatch(
      /^x\.bplab\.json is not a valid experiment file: at \$\.results\[1\]\.run\.server\.bufferPoolSizeBytes, /,
    );
    expect(e.error.details?.path).toBe('$.results[1].run.server.bufferPoolSizeBytes');
    // And what to do about it.
    expect(e.error.hint).toMatch(/^Open a \*\.bplab\.json that bplab saved\. If this one was edited by hand/);
  });

  it('names line and column of text that is not JSON', () => {
    const e = failure(() =>
      parseExperimentFile('{\n  "format": "bplab-experiment",\n  "version": 1,,\n}', 'y.json'),
    );
    expect(e.error.message).toBe(
      'y.json is not a valid experiment file: it is not JSON: it stops being JSON at line 3, column 16.',
    );
    expect(e.error.details?.path).toBe('line 3, column 16');
    // Not JSON at all: the hint says so, rather than pointing to the format's schema.
    const notes = failure(() => parseExperimentFile('hello\nworld', 'notes.txt'));
    expect(notes.error.message).toMatch(/^notes\.txt is not a valid experiment file: it is not JSON/);
    expect(notes.error.hint).not.toMatch(/schema/i);
    expect(notes.error.hint).toContain('JSON text');
  });

  it('says when the file is not an experiment, or from a newer bplab', () => {
    expect(failure(() => parseExperimentFile('[1,2]', 'z')).error.message).toContain(
      'at $, the file holds no JSON object',
    );
    expect(failure(() => parseExperimentFile('{"format":"other"}', 'z')).error.message).toContain(
      'at $.format',
    );
    const newer = failure(() => parseExperimentFile('{"format":"bplab-experiment","version":2}', 'z'));
    expect(newer.error.message).toBe(
      'z was written by a newer bplab (format 2); this bplab reads formats up to 1.',
    );
  });

  it('names a sample blob that does not decode', () => {
    const stored = JSON.parse(serializeExperimentFile(experiment()));
    stored.results[0].samples.data = 'bm90IGRlZmxhdGU=';
    expect(failure(() => parseExperimentFile(JSON.stringify(stored), 'w')).error.message).toContain(
      'at $.results[0].samples.data, the samples are not deflated JSON in base64',
    );
  });

  it('never stores a password, and refuses a file that holds one', () => {
    const bad = experiment(1) as unknown as { servers: Array<Record<string, unknown>> };
    bad.servers[0]!.password = 'hunter2';
    const file = join(dir, 'p.bplab.json');
    expect(() => saveExperimentFile(file, bad as unknown as ExperimentFile)).toThrow(
      /holding a password \(at \$\.servers\[0\]\.password\)/,
    );
    const stored = JSON.parse(serializeExperimentFile(experiment(1)));
    stored.definition.servers[0].password = 'hunter2';
    expect(failure(() => parseExperimentFile(JSON.stringify(stored), 'p')).error.message).toContain(
      'at $.definition.servers[0].password, it holds what looks like a password',
    );
  });

  it('leaves the file already there untouched when a save fails', () => {
    const file = join(dir, 'keep.bplab.json');
    saveExperimentFile(file, experiment());
    const before = readFileSync(file, 'utf8');
    const broken = experiment();
    (broken.results[0]!.run as { elapsedMs: unknown }).elapsedMs = -5;
    expect(() => saveExperimentFile(file, broken)).toThrow(
      /could not read back: at \$\.results\[0\]\.run\.elapsedMs/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('says what is missing or unreadable', () => {
    const missing = failure(() => loadExperimentFile(join(dir, 'none.bplab.json'))).error;
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.hint).toContain('Check the path');
    expect(failure(() => loadExperimentFile(dir)).error.message).toContain('is a folder');
    writeFileSync(join(dir, 'empty.bplab.json'), '');
    expect(failure(() => loadExperimentFile(join(dir, 'empty.bplab.json'))).error.message).toContain(
      'is not a valid experiment file: it is empty.',
    );
  });

  it('ships a JSON Schema equal to the one the code describes (npm run schema:experiment)', () => {
    const shipped = JSON.parse(
      readFileSync(join(__dirname, '../../../docs/experiment-file.schema.json'), 'utf8'),
    );
    expect(shipped).toEqual(experimentFileJsonSchema());
  });
});

describe('experiment files opened with lazy samples', () => {
  it('checks the rest at once, and decodes a run’s samples when first read', () => {
    const text = serializeExperimentFile(experiment());
    const lazy = parseExperimentFile(text, 'l', { samples: 'lazy' });
    expect(lazy).toEqual(parseExperimentFile(text, 'l'));
    const stored = JSON.parse(text);
    stored.results[1].samples.data = 'bm90IGRlZmxhdGU=';
    const bad = parseExperimentFile(JSON.stringify(stored), 'l', { samples: 'lazy' });
    expect(bad.results[0]!.run.samples.maps).toHaveLength(3);
    expect(() => bad.results[1]!.run.samples).toThrow(
      'at $.results[1].samples.data, the samples are not deflated JSON in base64',
    );
    stored.results[1].run.elapsedMs = 'x';
    expect(
      failure(() => parseExperimentFile(JSON.stringify(stored), 'l', { samples: 'lazy' })).error.message,
    ).toContain('at $.results[1].run.elapsedMs');
  });
});

describe("experiment files opened for the comparison's view", () => {
  /** Two configurations: the fixture's runs at old_blocks_time=1000, and the same runs at 0 reading more. */
  const twoConfigurations = (): ExperimentFile => {
    const x = experiment(4);
    x.results.slice(2).forEach((r, i) => {
      r.cell = 'MySQL 5.6 · innodb_old_blocks_time=0';
      r.pass = i === 0 ? { kind: 'cold' } : { kind: 'hot', n: i };
      r.run = {
        ...r.run,
        elapsedMs: 70_000,
        server: { ...r.run.server, oldBlocksTimeMs: 0 },
        status: r.run.status.map((d) => ({ ...d, after: d.after * 5, delta: d.delta * 5 })),
      };
    });
    return x;
  };

  it('leaves out what the comparison never reads', () => {
    const slim = parseExperimentFile(serializeExperimentFile(twoConfigurations()), 's', {
      view: 'comparison',
    });
    const run = slim.results[0]!.run;
    expect(run.sql).toBe('');
    expect(run.explain?.json).toBeNull();
    expect(run.lru.before).toBeNull();
    expect(run.poolStats.after?.[0]?.raw).toEqual({});
    expect(run.samples.maps).toEqual([]);
    expect(run.status).toHaveLength(3);
  });

  it('draws the same comparison as the whole file: findings, tables, pairs and the chart', () => {
    const text = serializeExperimentFile(twoConfigurations());
    const drawn = (experiment: ExperimentFile) => {
      const files = [{ file: 'x.bplab.json', experiment }];
      const out = comparisonView(
        files,
        configurationChoices(files).map((c) => c.label),
      );
      if (!out.ok) throw new Error(out.problem);
      const { findings, tables, pairs, checksumWarnings } = out.view;
      const details = pairs.map((p) => {
        const d = pairDetail(out.view, p.id);
        return d && { tables: d.tables, bars: d.bars };
      });
      return { findings, tables, pairs, checksumWarnings, details };
    };
    const whole = drawn(parseExperimentFile(text, 'x', { samples: 'none' }));
    expect(whole.findings.summary.length).toBeGreaterThan(0);
    expect(whole.details[0]?.tables.length).toBeGreaterThan(3);
    expect(drawn(parseExperimentFile(text, 'x', { view: 'comparison' }))).toEqual(whole);
  });
});

describe("a stored capability report's pool facts", () => {
  const withPool = (bufferPool: Record<string, number>) => {
    const stored = JSON.parse(serializeExperimentFile(experiment()));
    stored.servers[0].capabilities = {
      profileId: 'p1',
      checkedAt: '2026-11-20T10:00:00.000Z',
      server: { flavor: 'mariadb', version: '10.11.6' },
      bufferPool,
    };
    return parseExperimentFile(JSON.stringify(stored), 'x.bplab.json').servers[0]!.capabilities!.bufferPool;
  };

  it("reads a file saved before the facts had one vocabulary (sizeBytes, instances) in today's words", () => {
    const pool = withPool({ sizeBytes: 16_777_216, instances: 1, pageSizeBytes: 16384 });
    expect(pool).toEqual({ bufferPoolSizeBytes: 16_777_216, bufferPoolInstances: 1, pageSizeBytes: 16384 });
  });

  it('reads a file saved today as it is, and refuses one without the size', () => {
    expect(withPool({ bufferPoolSizeBytes: 8_388_608, bufferPoolInstances: 2 })).toEqual({
      bufferPoolSizeBytes: 8_388_608,
      bufferPoolInstances: 2,
    });
    expect(() => withPool({ bufferPoolInstances: 2 })).toThrow(/bufferPoolSizeBytes/);
  });
});
