// A file's text as JSON, or in words what the file is instead (binary, empty, not JSON at line L), never its bytes.
import { AppFailure } from './result';

/** NUL, or a share of control characters or undecodable bytes that no JSON or text file has. */
export function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const sample = text.slice(0, 4096);
  let odd = 0;
  for (const ch of sample) if (ch === '\uFFFD' || isControl(ch.charCodeAt(0))) odd++;
  return sample.length > 0 && odd / sample.length > 0.05;
}

/** A control character no text file holds (tab, newline, form feed and carriage return are text). */
function isControl(code: number): boolean {
  return (code >= 1 && code <= 8) || (code >= 14 && code <= 31) || code === 127;
}

/** Line and column of a character offset, 1-based. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * What is wrong with a file that should hold JSON, in words, or null when it parses: "it is binary,
 * not JSON text", "it is empty", "it is not JSON (it stops being JSON at line 3, column 7)". The
 * parser's own message quotes the file's bytes, so it is never passed on.
 */
export function jsonProblem(
  text: string,
): { problem: string; where?: { line: number; column: number } } | null {
  if (looksBinary(text)) return { problem: 'it is binary, not JSON text' };
  if (text.trim() === '') return { problem: 'it is empty' };
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    const at = /position (\d+)/.exec(message);
    if (/Unexpected end of JSON input/.test(message))
      return { problem: 'it is not JSON: it ends in the middle (cut short?)' };
    if (!at) return { problem: 'it is not JSON' };
    const where = lineColumn(text, Number(at[1]));
    return {
      problem: `it is not JSON: it stops being JSON at line ${where.line}, column ${where.column}`,
      where,
    };
  }
}

/**
 * Parses a file's JSON text; a file that is not JSON is refused naming it as `what` ("a bplab results
 * file") and saying what it is instead, with `hint` for what to give.
 */
export function parseJsonFile(text: string, file: string, what: string, hint: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const found = jsonProblem(text) ?? { problem: 'it is not JSON' };
    throw AppFailure.of('FILE_MALFORMED', `${file} is not ${what}: ${found.problem}.`, {
      hint,
      details: {
        file,
        path: found.where ? `line ${found.where.line}, column ${found.where.column}` : 'the whole file',
      },
    });
  }
}
