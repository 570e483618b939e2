/**
 * Every global setting bplab changes on a server is written to this journal (and flushed to disk)
 * BEFORE the SET GLOBAL runs, and removed only once the old value is back. If bplab dies between
 * the two, the journal still holds the entry, and the next connection to that server restores it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../shared/result';
import type { ServerConnection } from '../db/connections';
import { sqlFailure } from '../db/errors';
import { writeFileAtomic } from '../files/atomic-file';

/** The part of a mysql2 connection the journal needs. */
export interface GlobalsConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
}

export interface JournalEntry {
  /** The connection profile the change was made through: how to reach the server again. */
  profileId: string;
  variable: string;
  /** The value before bplab's change, as @@GLOBAL returned it (null for NULL). */
  before: string | null;
  after: string | number;
  at: string;
  /** Why bplab changed it, for the user who finds the entry after a crash. */
  reason: string;
  /**
   * Set for rows of a performance_schema setup table bplab switched on (variable is then
   * "performance_schema.<table>"): each row's values before, to put back.
   */
  setupRows?: { table: SetupTable; rows: SetupRow[] };
  /**
   * Set for INNODB_METRICS counters bplab switched on (variable is then "innodb_monitor_enable"):
   * the counters that were off, to switch off again with innodb_monitor_disable.
   */
  monitors?: string[];
  /** The bplab process that made the change: while it lives, the change is its own to put back. */
  pid?: number;
}

/**
 * Changes this process made and has not yet tried to put back (an experiment's globals, a run's stage
 * instruments), across every journal object of the process: they are in use, so no connection may
 * restore them behind their owner's back. Once the owner has tried (even if the server was gone),
 * they are leftovers like a dead process's.
 */
const HELD = new Set<string>();
const heldKey = (file: string, profileId: string, variable: string) =>
  `${file}\u0000${profileId}\u0000${variable}`;

/** Whether a process still lives (signal 0 checks without sending anything). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The performance_schema setup tables bplab may switch rows on in (stage instruments, their consumers). */
export type SetupTable = 'setup_instruments' | 'setup_consumers';
export interface SetupRow {
  name: string;
  enabled: string;
  /** setup_instruments only. */
  timed?: string;
}

const VARIABLE = /^[a-z_][a-z0-9_]*$/;
/** The journal's name for the INNODB_METRICS counters bplab switched on (see enableMonitors). */
export const MONITORS = 'innodb_monitor_enable';

export class SettingsJournal {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings-journal.json');
  }

  /**
   * Entries no one is still using: those of a process that died (or of no known one), and this
   * process's own once it has tried to put them back (the server was gone then).
   */
  isLeftover(entry: JournalEntry): boolean {
    if (!entry.pid) return true;
    if (entry.pid === process.pid) return !HELD.has(heldKey(this.file, entry.profileId, entry.variable));
    return !processAlive(entry.pid);
  }

  /**
   * The hook db/ runs on each new connection (app.ts hands it in): puts back, before anything else
   * runs there, only what no one is using: what a bplab process that died left behind, or what this
   * one tried and failed to put back. A live owner (this process mid-experiment, or another) puts its
   * own back. On failure the entries stay, and the next connection tries again.
   */
  restoreLeftoversOn(
    log: (line: string) => void = () => {},
  ): (connection: ServerConnection) => Promise<void> {
    return async (connection) => {
      const variables = this.pending(connection.profile.id)
        .filter((e) => this.isLeftover(e))
        .map((e) => e.variable);
      if (variables.length === 0) return;
      try {
        for (const e of await this.restore(connection.raw, connection.profile.id, variables))
          log(
            `restored ${e.variable} = ${e.before ?? 'DEFAULT'} on ${connection.where} (changed by bplab at ${e.at}: ${e.reason})`,
          );
      } catch (e) {
        log(`could not restore settings bplab changed on ${connection.where}: ${(e as Error).message}`);
      }
    };
  }

  /** Entries not restored yet (after a crash, or a restore that failed). */
  pending(profileId?: string): JournalEntry[] {
    const all = this.read();
    return profileId ? all.filter((e) => e.profileId === profileId) : all;
  }

  /** Sets a global variable, journaling the old value first. Returns the old value. */
  async setGlobal(
    conn: GlobalsConnection,
    profileId: string,
    variable: string,
    value: string | number,
    reason: string,
  ): Promise<string | null> {
    const name = checkName(variable);
    const before = await readGlobal(conn, name);
    // Only the first change of a variable records the value to restore.
    const first = !this.read().some((e) => e.profileId === profileId && e.variable === name);
    if (first) {
      this.write([
        ...this.read(),
        {
          profileId,
          variable: name,
          before,
          after: value,
          at: new Date().toISOString(),
          reason,
          pid: process.pid,
        },
      ]);
    }
    HELD.add(heldKey(this.file, profileId, name));
    try {
      await conn.query(`SET GLOBAL ${name} = ?`, [value]);
    } catch (e) {
      const f = sqlFailure(e, `SET GLOBAL ${name} = ${value}`);
      if (first && f.error.code !== 'CONNECTION_LOST' && f.error.code !== 'TIMEOUT') {
        // The server refused the statement, so the value never changed: there is nothing to put back
        // (a user who may not set it could not put it back either, and the entry would stay forever).
        HELD.delete(heldKey(this.file, profileId, name));
        this.write(this.read().filter((x) => !(x.profileId === profileId && x.variable === name)));
      } else await this.restore(conn, profileId, [name]).catch(() => {});
      throw withHint(
        f,
        'Setting a global variable needs SUPER (MySQL 5.7, MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8).',
      );
    }
    return before;
  }

  /**
   * Switches on (ENABLED, and TIMED for instruments) the rows of a performance_schema setup table
   * whose NAME is LIKE one of `patterns`, journaling each changed row's values first. Returns how
   * many rows were changed (0: all were on already, nothing journaled).
   */
  async enableSetupRows(
    conn: GlobalsConnection,
    profileId: string,
    table: SetupTable,
    patterns: string[],
    reason: string,
  ): Promise<number> {
    const timed = table === 'setup_instruments';
    const where = patterns.map(() => 'NAME LIKE ?').join(' OR ');
    const [rows] = (await conn.query(
      `SELECT NAME AS name, ENABLED AS enabled${timed ? ', TIMED AS timed' : ''} FROM performance_schema.${table} WHERE ${where}`,
      patterns,
    )) as [SetupRow[]];
    const off = rows
      .filter((r) => r.enabled !== 'YES' || (timed && r.timed !== 'YES'))
      .map((r) => ({
        name: String(r.name),
        enabled: String(r.enabled),
        ...(timed && { timed: String(r.timed) }),
      }));
    if (off.length === 0) return 0;
    const variable = `performance_schema.${table}`;
    const all = this.read();
    const existing = all.find((e) => e.profileId === profileId && e.variable === variable);
    if (existing?.setupRows) {
      // A row already journaled keeps its first value (the one to restore).
      const known = new Set(existing.setupRows.rows.map((r) => r.name));
      existing.setupRows.rows.push(...off.filter((r) => !known.has(r.name)));
      this.write(all);
    } else {
      this.write([
        ...all,
        {
          profileId,
          variable,
          before: null,
          after: 'YES',
          at: new Date().toISOString(),
          reason,
          setupRows: { table, rows: off },
          pid: process.pid,
        },
      ]);
    }
    HELD.add(heldKey(this.file, profileId, variable));
    try {
      await conn.query(
        `UPDATE performance_schema.${table} SET ENABLED = 'YES'${timed ? ", TIMED = 'YES'" : ''} WHERE NAME IN (?)`,
        [off.map((r) => r.name)],
      );
    } catch (e) {
      await this.restore(conn, profileId, [variable]).catch(() => {});
      throw withHint(
        sqlFailure(e, `switch on performance_schema.${table} rows`),
        'Switching on stage instruments needs UPDATE on the performance_schema setup tables.',
      );
    }
    return off.length;
  }

  /**
   * Switches on the INNODB_METRICS counters named (those that are off: the caller read them), one by
   * one with innodb_monitor_enable, journaling their names first so they are switched off again,
   * even after a crash. Returns how many were switched on.
   */
  async enableMonitors(
    conn: GlobalsConnection,
    profileId: string,
    counters: string[],
    reason: string,
  ): Promise<number> {
    const names = counters.map(checkName);
    if (names.length === 0) return 0;
    const all = this.read();
    const existing = all.find((e) => e.profileId === profileId && e.variable === MONITORS);
    if (existing) {
      const known = new Set(existing.monitors ?? []);
      existing.monitors = [...(existing.monitors ?? []), ...names.filter((n) => !known.has(n))];
      this.write(all);
    } else {
      const entry: JournalEntry = {
        profileId,
        variable: MONITORS,
        before: null,
        after: 'ON',
        at: new Date().toISOString(),
        reason,
        monitors: names,
        pid: process.pid,
      };
      this.write([...all, entry]);
    }
    HELD.add(heldKey(this.file, profileId, MONITORS));
    const done: string[] = [];
    try {
      for (const name of names) {
        await conn.query('SET GLOBAL innodb_monitor_enable = ?', [name]);
        done.push(name);
      }
    } catch (e) {
      const f = sqlFailure(e, 'SET GLOBAL innodb_monitor_enable');
      if (f.error.code !== 'CONNECTION_LOST' && f.error.code !== 'TIMEOUT') {
        // The server refused one: those after it never changed, so only those before are to put back.
        const entries = this.read();
        const entry = entries.find((x) => x.profileId === profileId && x.variable === MONITORS);
        if (entry)
          entry.monitors = (entry.monitors ?? []).filter((n) => !names.includes(n) || done.includes(n));
        this.write(entries.filter((x) => x !== entry || (x.monitors ?? []).length > 0));
      }
      await this.restore(conn, profileId, [MONITORS]).catch(() => {});
      throw withHint(
        f,
        'Switching on INNODB_METRICS counters needs SUPER (MySQL 5.7, MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8).',
      );
    }
    return names.length;
  }

  /**
   * Puts back the values bplab changed through this profile (or only the named variables),
   * newest first, and drops each entry once its value is back.
   */
  async restore(conn: GlobalsConnection, profileId: string, variables?: string[]): Promise<JournalEntry[]> {
    const mine = this.read()
      .filter((e) => e.profileId === profileId && (!variables || variables.includes(e.variable)))
      .reverse();
    // Tried now: whatever this attempt cannot put back is a leftover for the next connection.
    for (const entry of mine) HELD.delete(heldKey(this.file, entry.profileId, entry.variable));
    const restored: JournalEntry[] = [];
    for (const entry of mine) {
      if (entry.setupRows) await restoreSetupRows(conn, entry.setupRows.table, entry.setupRows.rows);
      else if (entry.monitors)
        for (const name of entry.monitors)
          await conn.query('SET GLOBAL innodb_monitor_disable = ?', [checkName(name)]);
      else if (entry.before === null) await conn.query(`SET GLOBAL ${checkName(entry.variable)} = DEFAULT`);
      else await conn.query(`SET GLOBAL ${checkName(entry.variable)} = ?`, [numericOrText(entry.before)]);
      restored.push(entry);
      this.write(
        this.read().filter((e) => !(e.profileId === entry.profileId && e.variable === entry.variable)),
      );
    }
    return restored;
  }

  private read(): JournalEntry[] {
    if (!existsSync(this.file)) return [];
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return Array.isArray(parsed) ? (parsed as JournalEntry[]) : [];
    } catch (e) {
      // Never guess over a damaged journal: the values it holds are the only record of what to restore.
      throw AppFailure.of(
        'FILE_MALFORMED',
        `The settings journal ${this.file} cannot be read: ${(e as Error).message}`,
        {
          hint: 'Open it and restore the listed variables by hand, then move it away.',
        },
      );
    }
  }

  private write(entries: JournalEntry[]): void {
    writeFileAtomic(this.file, `${JSON.stringify(entries, null, 2)}\n`);
  }
}

async function restoreSetupRows(conn: GlobalsConnection, table: SetupTable, rows: SetupRow[]): Promise<void> {
  if (table !== 'setup_instruments' && table !== 'setup_consumers')
    throw new Error(`unknown setup table ${table}`);
  // One UPDATE per distinct (ENABLED, TIMED) pair: a handful, whatever the number of rows.
  const groups = new Map<string, SetupRow[]>();
  for (const r of rows) {
    const key = `${r.enabled}/${r.timed ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const { enabled, timed } = group[0]!;
    await conn.query(
      `UPDATE performance_schema.${table} SET ENABLED = ?${timed !== undefined ? ', TIMED = ?' : ''} WHERE NAME IN (?)`,
      [enabled, ...(timed !== undefined ? [timed] : []), group.map((r) => r.name)],
    );
  }
}

function checkName(variable: string): string {
  const name = variable.toLowerCase();
  if (!VARIABLE.test(name))
    throw AppFailure.of('INVALID_ARGUMENT', `"${variable}" is not a server variable name.`);
  return name;
}

async function readGlobal(conn: GlobalsConnection, name: string): Promise<string | null> {
  const [rows] = (await conn.query(`SELECT @@GLOBAL.${name} AS v`)) as [Array<{ v: unknown }>];
  const v = rows[0]?.v;
  return v === null || v === undefined ? null : String(v);
}

/** SET GLOBAL x = '1000' fails for some integer variables on some servers; send numbers as numbers. */
function numericOrText(value: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** A refused change says what would allow it; any other failure keeps its own words and hint. */
function withHint(f: AppFailure, privilegeHint: string): AppFailure {
  return f.error.code === 'PRIVILEGE_MISSING' ? new AppFailure({ ...f.error, hint: privilegeHint }) : f;
}
