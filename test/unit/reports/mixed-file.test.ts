/**
 * Opening a saved mixed preset result by its path (reports/mixed-file.ts, behind load/open-mixed and
 * bplab compare): the result read back whole, and a missing file, text that is not JSON, another kind
 * of file and a damaged result each refused in words naming the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMixedFile } from '../../../src/main/reports/mixed-file';
import { result, side } from './mixed-fixture';

const dir = mkdtempSync(join(tmpdir(), 'bplab-mixed-file-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('a mixed result by its path', () => {
  it('reads a saved result back whole', async () => {
    const saved = result([side(0, [1, 2], [0, 500], [10])]);
    expect(await readMixedFile(file('ok.json', JSON.stringify(saved)))).toEqual(saved);
  });

  it('says in words what is wrong with anything else', async () => {
    await expect(readMixedFile(join(dir, 'none.json'))).rejects.toMatchObject({
      error: {
        code: 'NOT_FOUND',
        message: `${join(dir, 'none.json')} cannot be read: there is no such file.`,
      },
    });
    const text = file('t.json', 'hello');
    await expect(readMixedFile(text)).rejects.toThrow(
      `${text} is not a result of bplab load --during: it is not JSON text.`,
    );
    const other = file('o.json', '{"kind":"bplab-oltp-load"}');
    await expect(readMixedFile(other)).rejects.toThrow(
      `${other} is not a result of bplab load --during (a mixed preset result).`,
    );
    const damaged = file('d.json', '{"kind":"bplab-mixed-load","version":1}');
    await expect(readMixedFile(damaged)).rejects.toThrow(
      `${damaged} is a bplab load --during result bplab cannot read (it may be damaged).`,
    );
  });
});
