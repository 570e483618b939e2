/**
 * Every global setting bplab changes on a server is written to this journal (and flushed to disk)
 * BEFORE the SET GLOBAL runs, and removed only once the old value is back. If bplab dies between
 * the two, the journal still holds the entry, and the next connection to that server restores it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../shared/result';
import { writeFileAtomic } from './atomic-file';

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
}

const VARIABLE = /^[a-z_][a-z0-9_]*$/;

export class SettingsJournal {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings-journal.json');
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
    if (!this.read().some((e) => e.profileId === profileId && e.variable === name)) {
      this.write([
        ...this.read(),
        { profileId, variable: name, before, after: value, at: new Date().toISOString(), reason },
      ]);
    }
    try {
      await conn.query(`SET GLOBAL ${name} = ?`, [value]);
    } catch (e) {
      await this.restore(conn, profileId, [name]).catch(() => {});
      throw AppFailure.of('PRIVILEGE_MISSING', `Could not set ${name} = ${value}: ${(e as Error).message}`, {
        hint: 'Setting a global variable needs SUPER (MySQL 5.7, MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8).',
      });
    }
    return before;
  }

  /**
   * Puts back the values bplab changed through this profile (or only the named variables),
   * newest first, and drops each entry once its value is back.
   */
  async restore(conn: GlobalsConnection, profileId: string, variables?: string[]): Promise<JournalEntry[]> {
    const mine = this.read()
      .filter((e) => e.profileId === profileId && (!variables || variables.includes(e.variable)))
      .reverse();
    const restored: JournalEntry[] = [];
    for (const entry of mine) {
      if (entry.before === null) await conn.query(`SET GLOBAL ${checkName(entry.variable)} = DEFAULT`);
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
