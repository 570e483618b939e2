/**
 * Why a sandbox's server did not start, in words, from what it wrote to its error log: the first
 * [ERROR] that is a cause rather than a consequence ("Aborting", "Unknown/unsupported storage engine"),
 * without the timestamp, thread and [MY-...] [Server] prefixes.
 */
import { existsSync, readFileSync } from 'node:fs';

/** Lines every flavor writes after the real cause; they say nothing a user can act on. */
const CONSEQUENCES = [
  /^Aborting\.?$/i,
  /^Unknown\/unsupported storage engine/i,
  /registration as a STORAGE ENGINE failed/i,
  /^Plugin '\w+' init function returned error/i,
  /^Failed to initialize (DD Storage Engine|plugins)/i,
  /^Data Dictionary initialization failed/i,
  /^Initialization of the server's UUID failed/i,
];

const PREFIX = /^.*?\[ERROR\]\s*(?:\[MY-\d+\]\s*)?(?:\[[A-Za-z]+\]\s*)?/;

/** The log's text from byte `from` on (what the failed start wrote), as lines. */
export function logLinesFrom(path: string, from: number): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path).subarray(from).toString('utf8').trim().split('\n').filter(Boolean);
}

/** The errors a failed start wrote (or its last lines when none is marked as an error). */
export function logExcerpt(lines: string[]): string {
  const errors = lines.filter((l) => /\[ERROR\]/i.test(l));
  return (errors.length ? errors.slice(0, 6) : lines.slice(-8)).join('\n');
}

/** A message the server wrote untagged, as its program name and the words: "/usr/sbin/mariadbd: Can't change dir to …". */
const UNTAGGED = /^\S*(?:mysqld|mariadbd): (?!ready for connections|Shutdown complete|Normal shutdown)(.+)$/;

/** The server's own reason, e.g. "unknown variable 'no-such-option-xyz=1'", or null when it gave none. */
export function startFailureReason(lines: string[]): string | null {
  const errors = lines
    .map((l) => (/\[ERROR\]/i.test(l) ? l.replace(PREFIX, '') : (UNTAGGED.exec(l.trim())?.[1] ?? '')))
    .map((e) => e.trim().replace(/\.$/, ''))
    .filter(Boolean);
  return errors.find((e) => !CONSEQUENCES.some((c) => c.test(e))) ?? errors[0] ?? null;
}
