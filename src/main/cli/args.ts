/**
 * How every command checks its values: in the command line's own terms (the flag's name, the
 * allowed range and the unit), before any request is made, so that a user never reads the
 * contract's words ("Invalid datasets/create request at spec.sf") for something they typed.
 */
import type { z } from 'zod';
import { isByteSize, SIZE_WORDS } from '../../shared/byte-size';
import { asClause } from '../../shared/issue-words';
import { AppFailure } from '../../shared/result';

export interface NumberRange {
  /** Exclusive lower bound ("above 0"). */
  above?: number;
  /** Inclusive lower bound. */
  min?: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** "milliseconds", "percent", "bytes"... */
  unit?: string;
  /** What a value means, e.g. "0 picks a free port". */
  note?: string;
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** "a whole number of milliseconds from 0 to 4,294,967,295"; "a number above 0 and at most 1,000". */
export function describeRange(r: NumberRange): string {
  const what = `${r.integer ? 'a whole number' : 'a number'}${r.unit ? ` of ${r.unit}` : ''}`;
  if (r.above !== undefined) return `${what} above ${grouped(r.above)} and at most ${grouped(r.max)}`;
  return `${what} from ${grouped(r.min ?? 0)} to ${grouped(r.max)}`;
}

function refuse(flag: string, wants: string, text: string, note?: string): AppFailure {
  return AppFailure.of('INVALID_ARGUMENT', `${flag} must be ${wants}, not ${JSON.stringify(text)}`, {
    ...(note ? { hint: note } : {}),
  });
}

/** A number within range, or an AppFailure naming the flag, the range and the unit. */
export function numberArg(flag: string, text: string, range: NumberRange): number {
  const n = Number(text);
  const shape = range.integer ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i;
  const inRange =
    shape.test(text.trim()) &&
    Number.isFinite(n) &&
    (range.above === undefined || n > range.above) &&
    (range.min === undefined || n >= range.min) &&
    n <= range.max;
  if (!inRange) throw refuse(flag, describeRange(range), text, range.note);
  return n;
}

/** A required flag's value. */
export function requiredArg(flag: string, text: string | undefined, what: string): string {
  if (text === undefined || text.trim() === '')
    throw AppFailure.of('INVALID_ARGUMENT', `${flag} is required: ${what}`);
  return text;
}

/** A TCP port; 0 asks for a free one. */
export function portArg(flag: string, text: string): number {
  return numberArg(flag, text, { min: 0, max: 65535, integer: true, note: '0 picks a free port' });
}

/** A size as my.cnf writes it ("128M"); the server's own limits are checked where the server is known. */
export function sizeArg(flag: string, text: string): string {
  if (!isByteSize(text) || /^0+[KMGT]?$/i.test(text.trim())) throw refuse(flag, SIZE_WORDS, text);
  return text.trim();
}

/**
 * node:util parseArgs reads "-1" after "--sf" as an option of its own ("argument is ambiguous"):
 * a negative number after a flag that takes a value is that value, so it is joined to it ("--sf=-1")
 * and then checked like any other value.
 */
export function joinNegativeValues(args: string[], takesValue: (flag: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    if (arg === '--') return [...out, ...args.slice(i)];
    if (/^--[^=]+$/.test(arg) && takesValue(arg.slice(2)) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else out.push(arg);
  }
  return out;
}

/**
 * A value a shared schema checks (a sandbox's name), refused in the argument's terms with the schema's
 * own words for what is allowed: 'NAME: letters, digits, ...; not "x; DROP"'.
 */
export function schemaArg<T>(arg: string, text: string, schema: z.ZodType<T>): T {
  const checked = schema.safeParse(text);
  if (checked.success) return checked.data;
  const message = checked.error.issues[0]?.message ?? 'is not allowed here';
  throw AppFailure.of(
    'INVALID_ARGUMENT',
    `${arg}${asClause(message).replace(/^: /, ' must be ')}, not ${JSON.stringify(text)}`,
  );
}
