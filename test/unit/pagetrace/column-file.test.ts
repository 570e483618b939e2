/**
 * The one reader and writer of bplab's column files (a page trace, a traced run's start pool): a round
 * trip keeps every column, and a wrong or cut file is refused in words that name it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readColumnFile, writeColumnFile } from '../../../src/main/pagetrace/column-file';
import { readPoolPagesFile, writePoolPages } from '../../../src/main/pagetrace/pool-start';
import { readPageTrace } from '../../../src/main/pagetrace/trace-file';

const KIND = { format: 'bplab-test-1', countKey: 'rows', what: 'a test file' };
const dir = () => mkdtempSync(join(tmpdir(), 'bplab-column-file-'));

describe('column files', () => {
  it('keeps each column, of either width, through a round trip', () => {
    const path = join(dir(), 'a.cols');
    // Views into larger buffers at an offset, as the tracer's arrays can be.
    const a = new Uint32Array([9, 1, 2, 3]).subarray(1);
    const b = new Float64Array([0.5, 1.25, 1e12]);
    writeColumnFile(path, KIND, 3, [a, b]);
    expect(readFileSync(path).length).toBe('{"format":"bplab-test-1","rows":3}\n'.length + 3 * 4 + 3 * 8);
    const { format, columns } = readColumnFile(path, [{ kind: KIND, columns: ['u32', 'f64'] }]);
    expect(format).toBe('bplab-test-1');
    const [ra, rb] = columns;
    expect(Array.from(ra!)).toEqual([1, 2, 3]);
    expect(Array.from(rb!)).toEqual([0.5, 1.25, 1e12]);
  });

  it('keeps an empty file readable', () => {
    const path = join(dir(), 'empty.pagepool');
    writePoolPages(path, { space: new Uint32Array(0), page: new Uint32Array(0) });
    expect(readPoolPagesFile(path).space.length).toBe(0);
  });

  it("keeps a start pool's access times, old flags and page clocks, and still reads a file kept without them", () => {
    const d = dir();
    const path = join(d, 'r.pagepool');
    const state = {
      accessTime: new Float64Array([0, 3_723_456_789]),
      old: new Uint32Array([1, 0]),
      freePageClock: new Float64Array([0, 2951]),
    };
    writePoolPages(path, { space: new Uint32Array([1, 2]), page: new Uint32Array([3, 4]), state });
    const back = readPoolPagesFile(path);
    expect(Array.from(back.state!.accessTime)).toEqual([0, 3_723_456_789]);
    expect(Array.from(back.state!.old)).toEqual([1, 0]);
    expect(Array.from(back.state!.freePageClock)).toEqual([0, 2951]);
    // A file of the first format (space and page only), as runs traced before kept it.
    const first = join(d, 'first.pagepool');
    writeColumnFile(first, { format: 'bplab-pagepool-1', countKey: 'pages', what: 'x' }, 2, [
      new Uint32Array([1, 2]),
      new Uint32Array([3, 4]),
    ]);
    const old = readPoolPagesFile(first);
    expect(Array.from(old.page)).toEqual([3, 4]);
    expect(old.state).toBeUndefined();
  });

  it('refuses another kind of file, and a cut one, in words', () => {
    const d = dir();
    const pool = join(d, 'r.pagepool');
    writePoolPages(pool, { space: new Uint32Array([1, 2]), page: new Uint32Array([3, 4]) });
    expect(() => readPageTrace(pool)).toThrow(`${pool} is not a bplab page trace`);
    const cut = join(d, 'cut.pagepool');
    writeFileSync(cut, readFileSync(pool).subarray(0, -3));
    expect(() => readPoolPagesFile(cut)).toThrow(`${cut} is cut short: 53 bytes for 2 pages`);
    const text = join(d, 'notes.txt');
    writeFileSync(text, 'not json at all\n');
    expect(() => readPoolPagesFile(text)).toThrow(`${text} is not a bplab pool page list`);
  });
});
