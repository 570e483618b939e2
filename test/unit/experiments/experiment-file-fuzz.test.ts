/**
 * 1,000 corrupted or mutated experiment files fed to the loader: it never crashes, every refusal is a
 * FILE_MALFORMED naming a path in the file (or a line and column), and a failed save never overwrites.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseExperimentFile,
  saveExperimentFile,
  serializeExperimentFile,
} from '../../../src/main/experiments/experiment-file';
import {
  StoredExperimentFileSchema,
  checkStoredResults,
  type ExperimentFile,
} from '../../../src/shared/experiments/experiment-file';
import { AppFailure } from '../../../src/shared/result';
import { experiment } from '../../support/run-fixture';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const ODD_VALUES: Json[] = [null, -1, 1.5, 2 ** 53, '', 'x', true, [], {}, '<script>', -0, 1e308, 'AAAA'];

/** Every path to a value inside `v`. */
function paths(v: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const own = [at];
  if (Array.isArray(v)) return own.concat(...v.map((x, i) => paths(x, [...at, i])));
  if (v && typeof v === 'object')
    return own.concat(...Object.entries(v).map(([k, x]) => paths(x, [...at, k])));
  return own;
}

/** A structural mutation: a key dropped, a value replaced by an odd one, a key added, a value wrapped or spoiled. */
function mutateValue(doc: Json, r: () => number, all = paths(doc).filter((p) => p.length > 0)): Json {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const target = all[Math.floor(r() * all.length)]!;
  const parent = target
    .slice(0, -1)
    .reduce<Json>((o, k) => (o as Record<string, Json>)[k as string]!, copy) as Record<string, Json>;
  const key = target[target.length - 1]! as string;
  const kind = Math.floor(r() * 4);
  if (kind === 0) delete parent[key];
  else if (kind === 1) parent[key] = ODD_VALUES[Math.floor(r() * ODD_VALUES.length)]!;
  else if (kind === 2) parent[`extra${Math.floor(r() * 9)}`] = 'unexpected';
  else parent[key] = typeof parent[key] === 'string' ? `${parent[key]}\u0000\u{1F600}` : [parent[key]!];
  return copy;
}

/** A corrupted file's text: truncated, bytes flipped, or a structural mutation. */
function mutate(doc: Json, r: () => number, all: Array<Array<string | number>>): string {
  const text = JSON.stringify(doc);
  const kind = r();
  if (kind < 0.2) return text.slice(0, Math.floor(r() * text.length));
  if (kind < 0.4) {
    const chars = [...text];
    for (let n = 0; n < 1 + r() * 5; n++)
      chars[Math.floor(r() * chars.length)] = String.fromCharCode(Math.floor(r() * 128));
    return chars.join('');
  }
  return JSON.stringify(mutateValue(doc, r, all));
}

describe('the experiment loader under 1,000 corrupted files', () => {
  it('never crashes and names where each file is wrong', { timeout: 60_000 }, () => {
    const r = rng(20261123);
    const base = JSON.parse(serializeExperimentFile(experiment(3))) as Json;
    const all = paths(base).filter((p) => p.length > 0);
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const text = mutate(base, r, all);
      try {
        parseExperimentFile(text, `fuzz-${i}.bplab.json`);
      } catch (e) {
        expect(e, `file ${i}: ${String(e)}`).toBeInstanceOf(AppFailure);
        const { code, message, details } = (e as AppFailure).error;
        expect(code).toBe('FILE_MALFORMED');
        expect(message, `file ${i}`).toMatch(
          /^fuzz-\d+\.bplab\.json (is not a valid experiment file: (at \$|it is not JSON|it is empty|it is binary)|was written by a newer bplab)/,
        );
        expect(typeof details?.path, message).toBe('string');
        refused++;
      }
    }
    // Most mutations break the file; the rest (an extra key, a harmless value) must load.
    expect(refused).toBeGreaterThan(600);
    expect(refused).toBeLessThan(1000);
  });

  it("judges every run as zod's schema does (the checker that opens files is compiled from it)", () => {
    const r = rng(11);
    const base = (JSON.parse(serializeExperimentFile(experiment(3))) as { results: Json }).results;
    const all = paths(base).filter((p) => p.length > 0);
    const zodResults = StoredExperimentFileSchema.shape.results;
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const results = mutateValue(base, r, all);
      const problem = checkStoredResults(results);
      const zod = zodResults.safeParse(results);
      expect(problem === null, `mutation ${i}: ${JSON.stringify(problem)}`).toBe(zod.success);
      if (problem) {
        refused++;
        expect(problem.path[0]).toBe('results');
        expect(problem.message).toMatch(/^(expected|too|it |this key)/);
      }
    }
    expect(refused).toBeGreaterThan(400);
  });

  it('never overwrites a good file with a save that fails', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-fuzz-'));
    try {
      const file = join(dir, 'good.bplab.json');
      saveExperimentFile(file, experiment(2));
      const good = readFileSync(file, 'utf8');
      const r = rng(7);
      let failed = 0;
      for (let i = 0; i < 200; i++) {
        const broken = mutateValue(experiment(1) as unknown as Json, r) as unknown as ExperimentFile;
        try {
          saveExperimentFile(file, broken);
          saveExperimentFile(file, experiment(2)); // a mutation the format accepts: put the good file back
        } catch {
          failed++;
        }
        expect(readFileSync(file, 'utf8')).toBe(good);
      }
      expect(failed).toBeGreaterThan(50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
