// A file that should hold JSON is described when it does not, never echoed.
import { describe, expect, it } from 'vitest';
import { jsonProblem, parseJsonFile } from '../../../src/shared/file-text';
import type { AppFailure } from '../../../src/shared/result';

describe('a file that is not JSON', () => {
  it('is described in words: binary, empty, cut short, or where it stops being JSON', () => {
    const elf = '\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000' + '\uFFFD'.repeat(40);
    expect(jsonProblem(elf)?.problem).toBe('it is binary, not JSON text');
    expect(jsonProblem(' \n')?.problem).toBe('it is empty');
    expect(jsonProblem('{"format": 1, "runId": ')?.problem).toBe(
      'it is not JSON: it ends in the middle (cut short?)',
    );
    expect(jsonProblem('{\n  "a": 1,,\n}')).toEqual({
      problem: 'it is not JSON: it stops being JSON at line 2, column 10',
      where: { line: 2, column: 10 },
    });
    expect(jsonProblem('[1, 2]')).toBeNull();
  });

  it('is refused naming the file and what it should have been, without its bytes', () => {
    const secretish = 'hello world, DROP DATABASE x; not json at all';
    let failure: AppFailure | undefined;
    try {
      parseJsonFile(secretish, 'a.json', 'a bplab results file', 'give one bplab saved');
    } catch (e) {
      failure = e as AppFailure;
    }
    expect(failure?.error.code).toBe('FILE_MALFORMED');
    expect(failure?.error.message).toMatch(/^a\.json is not a bplab results file: it is not JSON/);
    expect(failure?.error.message).not.toContain('hello');
    expect(failure?.error.hint).toBe('give one bplab saved');
  });
});
