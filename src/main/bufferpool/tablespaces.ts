/**
 * Names for the pool's pages that belong to no table: INNODB_BUFFER_PAGE_LRU leaves TABLE_NAME NULL for
 * undo, system, temporary and data-dictionary pages, and those were one "(no table)" row. After a
 * restart they can fill half of a small pool (MySQL 8.0), so the composition names them by tablespace.
 */
import { NO_TABLE } from '../../shared/runs/runs';
import { serverErrno } from '../db/errors';

/** Space id → what the composition calls its pages ("(undo 1)", "(temporary tablespace)"). */
export type TablespaceNames = ReadonlyMap<number, string>;

/** InnoDB's system tablespace is space 0 on every flavor. */
const SYSTEM_SPACE = 0;
/** MariaDB's temporary tablespace id (SRV_TMP_SPACE_ID in storage/innobase/include/fsp0types.h). */
const MARIADB_TEMP_SPACE = 0xfffffffe;

/** The tablespace a name read from the server stands for, in the composition's words. */
export function tablespaceLabel(name: string, file = ''): string {
  const n = name.toLowerCase();
  if (n === 'innodb_system') return '(system)';
  if (n === 'innodb_temporary') return '(temporary tablespace)';
  // MySQL 8 names undo tablespaces innodb_undo_001; MariaDB and 5.7 files are undo001.
  const undo = /undo_?0*(\d+)/.exec(n) ?? /undo_?0*(\d+)/.exec(file.toLowerCase());
  if (undo) return `(undo ${undo[1]})`;
  if (n === 'mysql') return '(data dictionary)';
  if (/#innodb_temp|\.ibt$/.test(file)) return '(session temporary)';
  // A file-per-table tablespace: its pages outside any index (headers, bitmaps), named apart from the
  // table's own rows, which count index pages only (as INNODB_BUFFER_PAGE_LRU's TABLE_NAME does).
  const perTable = /^(?:\.\/)?([^/.][^/]*)\/([^/]+)\.ibd$/.exec(file);
  if (perTable) return `(tablespace ${perTable[1]}.${perTable[2]})`;
  if (/^[^/]+\/[^/]+$/.test(name)) return `(tablespace ${name.replace('/', '.')})`;
  return `(${name})`;
}

/** The label of pages of no table in `space`: its name when the server told it, else the space id. */
export function spaceLabel(names: TablespaceNames, space: number | null): string {
  if (space === null) return NO_TABLE;
  const known = names.get(space);
  if (known) return known;
  if (space === SYSTEM_SPACE) return '(system)';
  return `(tablespace ${space})`;
}

/** What the lookup needs of a connection (lru.ts's Queryable, restated so neither imports the other). */
interface RowsReader {
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
}

interface SpaceRow {
  space: number | string;
  name: string | null;
  file: string | null;
}

/** Each lookup a flavor may have; one missing (an unknown table) is skipped, not an error. */
const LOOKUPS = [
  // MySQL 5.7 and 8.0: system, temporary, undo, general and file-per-table spaces.
  "SELECT FILE_ID AS space, TABLESPACE_NAME AS name, FILE_NAME AS file FROM INFORMATION_SCHEMA.FILES WHERE ENGINE = 'InnoDB'",
  // MySQL 8.0's session temporary tablespaces (#innodb_temp/temp_N.ibt), which FILES leaves out.
  'SELECT SPACE AS space, NULL AS name, PATH AS file FROM INFORMATION_SCHEMA.INNODB_SESSION_TEMP_TABLESPACES',
  // MariaDB: INNODB_SYS_TABLESPACES (FILES is empty for InnoDB there).
  'SELECT SPACE AS space, NAME AS name, NULL AS file FROM INFORMATION_SCHEMA.INNODB_SYS_TABLESPACES',
];

/** Reads every tablespace's name the server will tell; MariaDB's temporary space is known by its id. */
export async function readTablespaceNames(conn: RowsReader): Promise<Map<number, string>> {
  const names = new Map<number, string>([[MARIADB_TEMP_SPACE, '(temporary tablespace)']]);
  for (const sql of LOOKUPS) {
    let rows: SpaceRow[];
    try {
      rows = await conn.rows<SpaceRow>(sql);
    } catch (e) {
      // 1109 unknown INFORMATION_SCHEMA table, 1146 no such table: this flavor has another lookup.
      const errno = serverErrno(e);
      if (errno === 1109 || errno === 1146) continue;
      throw e;
    }
    for (const r of rows) {
      if (r.space === null || r.space === undefined) continue;
      names.set(Number(r.space), tablespaceLabel(r.name ?? '', r.file ?? ''));
    }
  }
  return names;
}
