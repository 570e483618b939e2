// Words for the validator's own messages ("Too small: expected string to have >=1 characters"): what is allowed.
import type { z } from 'zod';

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  safeint: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of named fields',
  record: 'a set of named fields',
  date: 'a date',
  nan: 'not a number',
};

const grouped = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const listed = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ');

/**
 * What a value must be, as a clause ("must not be empty", "must be a whole number"), for any issue
 * a schema did not word itself (bplab's schemas give their own words where a rule needs explaining).
 */
export function issueWords(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return sizeWords(issue.origin, 'at least', issue.minimum, issue.inclusive ?? true);
    case 'too_big':
      return sizeWords(issue.origin, 'at most', issue.maximum, issue.inclusive ?? true);
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the form allowed here' : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${listed(issue.values)}`
        : `must be one of ${listed(issue.values)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${grouped(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} bplab does not know: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is none of the forms allowed here';
    case 'invalid_key':
      return 'has a name that is not allowed here';
    case 'invalid_element':
      return 'holds a value that is not allowed here';
    default:
      return 'is not allowed here';
  }
}

function sizeWords(
  origin: string,
  bound: 'at least' | 'at most',
  limit: unknown,
  inclusive: boolean,
): string {
  if (origin === 'string') {
    if (bound === 'at least' && limit === 1) return 'must not be empty';
    return `must be ${bound} ${grouped(limit)} characters long`;
  }
  if (origin === 'array' || origin === 'set') {
    if (bound === 'at least' && limit === 1) return 'must hold at least one item';
    return `must hold ${bound} ${grouped(limit)} items`;
  }
  if (inclusive) return `must be ${bound} ${grouped(limit)}`;
  return `must be ${bound === 'at least' ? 'above' : 'below'} ${grouped(limit)}`;
}

/** "spec.name", "queries[2].sql": where in a request or a file an issue is, as people write paths. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out;
}

/**
 * A message as the clause after a field's name, with its leading space or colon: the words issueWords gives already are one ("must not
 * be empty"); a schema's own words (what is allowed: "letters, digits, dot, dash and underscore", or a
 * sentence: "a TCP profile needs a host") follow a colon.
 */
export function asClause(message: string): string {
  if (/^(must|is|has|holds) /.test(message)) return ` ${message}`;
  return `: ${message}`;
}
