/**
 * Reads SHOW GRANTS output (MySQL 5.7, 8.x and MariaDB spellings) into privileges per scope, so the
 * capability report can say which of bplab's features a user may use. Role grants ("GRANT `r` TO u")
 * are ignored: bplab reports what the user holds directly.
 */

export type GrantScope =
  | { kind: 'global' }
  /** A database name, or a pattern with % and _ wildcards as written in the grant. */
  | { kind: 'database'; database: string }
  | { kind: 'table'; database: string; table: string };

export interface Grant {
  scope: GrantScope;
  /** Upper-case privilege names; "ALL PRIVILEGES" is stored as "ALL". */
  privileges: Set<string>;
}

const NAME = '(?:`(?:[^`]|``)*`|\'(?:[^\']|\'\')*\'|"(?:[^"]|"")*"|\\*|[\\w$]+)';
const GRANT_LINE = new RegExp(
  `^GRANT\\s+(.+?)\\s+ON\\s+(?:(?:TABLE|FUNCTION|PROCEDURE|PACKAGE BODY|PACKAGE)\\s+)?(${NAME})(?:\\.(${NAME}))?\\s+TO\\s`,
  'is',
);

/** Parses the lines of SHOW GRANTS (one statement per line). Lines that grant roles or PROXY are skipped. */
export function parseGrants(lines: readonly string[]): Grant[] {
  const grants: Grant[] = [];
  for (const line of lines) {
    const m = GRANT_LINE.exec(line.trim());
    if (!m) continue;
    const [, privilegeText = '', first = '', second] = m;
    const privileges = new Set(splitPrivileges(privilegeText));
    if (privileges.has('PROXY')) continue;
    const db = unquote(first);
    const table = second === undefined ? undefined : unquote(second);
    let scope: GrantScope;
    if (db === '*' && (table === undefined || table === '*')) scope = { kind: 'global' };
    else if (table === undefined) scope = { kind: 'table', database: '', table: db };
    else if (table === '*') scope = { kind: 'database', database: db };
    else scope = { kind: 'table', database: db, table };
    grants.push({ scope, privileges });
  }
  return grants;
}

function splitPrivileges(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out
    .map((p) =>
      p
        .replace(/\(.*\)/s, '') // column lists: SELECT (`a`, `b`)
        .trim()
        .replace(/\s+/g, ' ')
        .toUpperCase(),
    )
    .map((p) => (p === 'ALL PRIVILEGES' ? 'ALL' : p))
    .filter((p) => p.length > 0);
}

function unquote(name: string): string {
  const q = name[0];
  if ((q === '`' || q === "'" || q === '"') && name.endsWith(q) && name.length >= 2) {
    return name.slice(1, -1).split(`${q}${q}`).join(q);
  }
  return name;
}

const grants = (g: Grant, privilege: string) => g.privileges.has(privilege) || g.privileges.has('ALL');

/** Whether one of `privileges` is granted on *.*. */
export function hasGlobal(list: readonly Grant[], ...privileges: string[]): boolean {
  return list.some((g) => g.scope.kind === 'global' && privileges.some((p) => grants(g, p)));
}

/** Whether `privilege` applies to every table of `database` (granted globally or on that database). */
export function hasOnDatabase(list: readonly Grant[], privilege: string, database: string): boolean {
  return list.some(
    (g) =>
      grants(g, privilege) &&
      (g.scope.kind === 'global' ||
        (g.scope.kind === 'database' && matchesPattern(g.scope.database, database))),
  );
}

/** Whether `privilege` applies to `database`.`table` at any level. */
export function hasOnTable(
  list: readonly Grant[],
  privilege: string,
  database: string,
  table: string,
): boolean {
  return (
    hasOnDatabase(list, privilege, database) ||
    list.some(
      (g) =>
        grants(g, privilege) &&
        g.scope.kind === 'table' &&
        matchesPattern(g.scope.database, database) &&
        g.scope.table.toLowerCase() === table.toLowerCase(),
    )
  );
}

/** The databases (or patterns) on which `privilege` is granted below the global level. */
export function databasesWith(list: readonly Grant[], privilege: string): string[] {
  const names = list.flatMap((g) =>
    g.scope.kind === 'database' && grants(g, privilege) ? [g.scope.database] : [],
  );
  return [...new Set(names)];
}

/** A database name in a grant is a LIKE pattern: % and _ are wildcards unless escaped with a backslash. */
export function matchesPattern(pattern: string, name: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\' && i + 1 < pattern.length) {
      re += escapeRegExp(pattern[++i] ?? '');
    } else if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += escapeRegExp(ch);
  }
  return new RegExp(`^${re}$`, 'is').test(name);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
