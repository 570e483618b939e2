/**
 * Import of dbgen's output folder (customer.tbl, part.tbl, supplier.tbl, date.tbl, lineorder.tbl).
 * The bytes go to the server unchanged, so the tables hold exactly what dbgen wrote; on the way a
 * byte-level check stops at the first malformed line (wrong field count, a number that is not one,
 * a text longer than its column), because LOAD DATA LOCAL would only warn and load a cut or zeroed
 * value. Text that is not UTF-8 is not malformed: dbgen writes such bytes (part.tbl line 199,984 at
 * SF 1), the latin1 columns keep them as they are (schema.ts), and the import names where they were.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { AppFailure } from '../../shared/result';
import type { RowSource } from './dataset-loader';
import { SSB_SCHEMA_TABLES, SSB_TABLE_DEFS, type ColumnDef } from './schema';
import { TBL_FILE_NAMES } from './tables';
import type { SsbTable } from '../../shared/datasets/datasets';

export interface TblFile {
  table: SsbTable;
  path: string;
  bytes: number;
}

/** Finds the five files; a missing or unreadable one fails with all the missing names at once. */
export async function findTblFiles(dir: string): Promise<Record<SsbTable, TblFile>> {
  try {
    const s = await stat(dir);
    if (!s.isDirectory())
      throw AppFailure.of('NOT_FOUND', `${dir} is a file, not a folder of dbgen .tbl files.`);
  } catch (e) {
    if (e instanceof AppFailure) throw e;
    throw AppFailure.of('NOT_FOUND', `The folder ${dir} does not exist or cannot be read.`, {
      hint: 'Give the folder where dbgen wrote its .tbl files.',
    });
  }
  const found: Partial<Record<SsbTable, TblFile>> = {};
  const missing: string[] = [];
  for (const table of SSB_SCHEMA_TABLES) {
    const path = join(dir, TBL_FILE_NAMES[table]);
    try {
      const s = await stat(path);
      if (!s.isFile()) throw new Error('not a file');
      found[table] = { table, path, bytes: s.size };
    } catch {
      missing.push(TBL_FILE_NAMES[table]);
    }
  }
  if (missing.length > 0) {
    throw AppFailure.of('NOT_FOUND', `The folder ${dir} lacks ${missing.join(', ')}.`, {
      hint: 'An SSB import needs all five dbgen files: customer.tbl, part.tbl, supplier.tbl, date.tbl and lineorder.tbl (dbgen -s N -T a writes them).',
      details: { dir, missing: missing.join(', ') },
    });
  }
  return found as Record<SsbTable, TblFile>;
}

const PIPE = 124;
const LF = 10;
const CR = 13;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

const KIND_TEXT = 0;
const KIND_INTEGER = 1;
const KIND_DECIMAL = 2;
const KIND_DATEKEY = 3;
const kindCode = (c: ColumnDef): number =>
  c.kind === 'integer'
    ? KIND_INTEGER
    : c.kind === 'decimal'
      ? KIND_DECIMAL
      : c.kind === 'datekey'
        ? KIND_DATEKEY
        : KIND_TEXT;

/** The longest text a char(n)/varchar(n) column holds, in bytes (latin1: one byte a character); 0 when unbounded. */
const textLimit = (c: ColumnDef): number => {
  const m = c.kind === 'text' ? /^(?:var)?char\((\d+)\)$/i.exec(c.type) : null;
  return m ? Number(m[1]) : 0;
};

/** Where a file holds text that is not UTF-8: the first few lines, and how many in all. */
export interface NonUtf8Lines {
  count: number;
  first: Array<{ line: number; column: string }>;
}

const EMPTY = Buffer.alloc(0);
const KEEP_LINES = 5;

/**
 * Finds the lines whose bytes are not UTF-8. A whole chunk is checked natively (buffer.isUtf8) and
 * only a chunk that fails is walked line by line; the partial line at a chunk's end is carried
 * over, so a character split between two chunks is not mistaken for a bad byte.
 */
export class NonUtf8Finder {
  readonly found: NonUtf8Lines = { count: 0, first: [] };
  private carry: Buffer = EMPTY;
  private carrySuspect = false;

  constructor(private readonly columns: readonly ColumnDef[]) {}

  /** `firstLine`: the line number the chunk's first byte belongs to. */
  check(chunk: Buffer, firstLine: number): void {
    const whole = isUtf8(chunk);
    let start = 0;
    let line = firstLine;
    let prefix = this.carry;
    if (!whole || this.carrySuspect) {
      for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, start)) {
        const part = chunk.subarray(start, lf);
        const text = prefix.length > 0 ? Buffer.concat([prefix, part]) : part;
        if (!isUtf8(text)) this.record(line, text);
        prefix = EMPTY;
        line++;
        start = lf + 1;
      }
    } else {
      const lastLf = chunk.lastIndexOf(LF);
      if (lastLf !== -1) {
        prefix = EMPTY;
        start = lastLf + 1;
      }
    }
    const tail = chunk.subarray(start);
    this.carry = prefix.length > 0 ? Buffer.concat([prefix, tail]) : Buffer.from(tail);
    this.carrySuspect = !isUtf8(this.carry);
  }

  private record(line: number, text: Buffer): void {
    this.found.count++;
    if (this.found.first.length >= KEEP_LINES) return;
    let field = 0;
    let from = 0;
    for (let p = text.indexOf(PIPE); ; p = text.indexOf(PIPE, from)) {
      const end = p === -1 ? text.length : p;
      if (!isUtf8(text.subarray(from, end)) || p === -1) break;
      field++;
      from = p + 1;
    }
    this.found.first.push({ line, column: this.columns[field]?.name ?? `field ${field + 1}` });
  }
}

/** "part.tbl line 199,984 (P_Type) holds bytes that are not UTF-8 text; they are stored as they are". */
export function describeNonUtf8(file: string, found: NonUtf8Lines): string | null {
  if (found.count === 0) return null;
  const where = found.first.map((f) => `line ${f.line.toLocaleString('en-US')} (${f.column})`).join(', ');
  const more =
    found.count > found.first.length ? ` and ${found.count - found.first.length} more line(s)` : '';
  return `${file} ${where}${more} ${found.count === 1 ? 'holds' : 'hold'} bytes that are not UTF-8 text; stored as they are`;
}

/**
 * Checks .tbl lines as they stream, byte by byte, without building strings: the field count, that
 * integer, decimal and yyyymmdd date-key fields hold what their column needs, and that a text fits
 * its column. Passes chunks through untouched. Fails with FILE_MALFORMED naming the file, the line
 * and the column; notes (without failing) the lines whose text is not UTF-8.
 */
export class TblValidator extends Transform {
  private readonly kinds: Uint8Array;
  private readonly limits: Uint32Array;
  private readonly columns: ColumnDef[];
  readonly nonUtf8: NonUtf8Finder;
  /** Lines completed so far (the current line is lines + 1). */
  lines = 0;
  private field = 0;
  private fieldLen = 0;
  private digits = 0;
  private dots = 0;
  private badByte = -1;
  private dateValue = 0;
  private lastByte = -1;

  constructor(
    private readonly file: string,
    table: SsbTable,
  ) {
    super();
    this.columns = SSB_TABLE_DEFS[table].columns;
    this.kinds = Uint8Array.from(this.columns.map(kindCode));
    this.limits = Uint32Array.from(this.columns.map(textLimit));
    this.nonUtf8 = new NonUtf8Finder(this.columns);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.nonUtf8.check(chunk, this.lines + 1);
    const problem = this.scan(chunk);
    if (problem) return done(this.malformed(problem));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.field !== 0 || this.fieldLen !== 0)
      return done(
        this.malformed(
          `the last line is cut short in field ${this.field + 1} (${this.columns[Math.min(this.field, this.columns.length - 1)]!.name}): no "|" and line end after it`,
        ),
      );
    done();
  }

  private malformed(what: string): AppFailure {
    const line = this.lines + 1;
    return AppFailure.of('FILE_MALFORMED', `${this.file}, line ${line.toLocaleString('en-US')}: ${what}.`, {
      hint: 'Fix or regenerate the file (dbgen writes one row per line, fields separated by "|", with a "|" at the end).',
      details: { file: this.file, line },
    });
  }

  /**
   * Returns a description of the first problem in the chunk, or null. It runs over every byte of
   * the dataset, so: locals only, text fields skipped with indexOf, numeric fields in a tight loop.
   */
  private scan(buf: Buffer): string | null {
    const kinds = this.kinds;
    const limits = this.limits;
    const ncols = kinds.length;
    const n = buf.length;
    let field = this.field;
    let len = this.fieldLen;
    let digits = this.digits;
    let dots = this.dots;
    let bad = this.badByte;
    let date = this.dateValue;
    let kind = field < ncols ? kinds[field]! : KIND_TEXT;
    let last = this.lastByte;
    let lines = this.lines;
    let problem: string | null = null;
    let nextLf = buf.indexOf(LF);
    if (nextLf === -1) nextLf = n;
    let i = 0;
    while (i < n) {
      // Consume the field's bytes up to the next '|' or line end.
      if (kind === KIND_TEXT) {
        let p = buf.indexOf(PIPE, i);
        if (p === -1 || p > nextLf) p = nextLf;
        if (p > i) {
          len += p - i;
          last = buf[p - 1]!;
          i = p;
        }
      } else {
        while (i < n) {
          const b = buf[i]!;
          if (b >= ZERO && b <= NINE) {
            digits++;
            date = date * 10 + (b - ZERO);
          } else if (b === PIPE || b === LF) break;
          else if (b === DOT && kind === KIND_DECIMAL) dots++;
          else if (!(b === MINUS && len === 0 && kind !== KIND_DATEKEY) && bad < 0) bad = b;
          len++;
          last = b;
          i++;
        }
      }
      if (i >= n) break;
      if (buf[i] === PIPE) {
        if (field >= ncols) {
          problem = `more than ${ncols} fields (${ncols} expected): something follows field ${ncols} (${this.columns[ncols - 1]!.name})`;
          break;
        }
        if (kind === KIND_TEXT && limits[field]! > 0 && len > limits[field]!) {
          problem = `field ${field + 1} (${this.columns[field]!.name}) is ${len} bytes long; the column holds ${limits[field]}`;
          break;
        }
        if (kind !== KIND_TEXT) {
          const plain = bad < 0 && digits > 0 && dots <= 1;
          const month = ((date / 100) | 0) % 100;
          const day = date % 100;
          const ok =
            kind === KIND_DATEKEY
              ? plain && len === 8 && month >= 1 && month <= 12 && day >= 1 && day <= 31
              : plain;
          if (!ok) {
            problem = this.describeBadNumber(field, kind, len, bad);
            break;
          }
        }
        field++;
        kind = field < ncols ? kinds[field]! : KIND_TEXT;
        last = PIPE;
      } else {
        if (field !== ncols || len !== 0) {
          if (last === CR)
            problem = 'the line ends with "\\r" (Windows line ends); convert the file with dos2unix';
          else if (field === ncols - 1 && len > 0)
            problem = `the line does not end with "|" after field ${ncols} (${this.columns[ncols - 1]!.name})`;
          else {
            const have = field + (len > 0 ? 1 : 0);
            problem = `${have} fields where ${ncols} are expected: field ${have + 1} (${this.columns[Math.min(have, ncols - 1)]!.name}) is missing`;
          }
          break;
        }
        lines++;
        field = 0;
        kind = kinds[0]!;
        last = LF;
        nextLf = buf.indexOf(LF, i + 1);
        if (nextLf === -1) nextLf = n;
      }
      len = digits = dots = date = 0;
      bad = -1;
      i++;
    }
    this.lines = lines;
    this.field = field;
    this.fieldLen = len;
    this.digits = digits;
    this.dots = dots;
    this.badByte = bad;
    this.dateValue = date;
    this.lastByte = last;
    return problem;
  }

  /** Words for a numeric field that failed the check; built only for the bad one. */
  private describeBadNumber(field: number, kind: number, len: number, bad: number): string {
    const where = `field ${field + 1} (${this.columns[field]!.name})`;
    if (len === 0) return `${where} is empty; a number is expected`;
    if (kind === KIND_DATEKEY && bad < 0) return `${where} is not a date key of the form yyyymmdd`;
    const shown =
      bad >= 32 && bad < 127 ? `"${String.fromCharCode(bad)}"` : bad >= 0 ? `byte 0x${bad.toString(16)}` : '';
    return `${where} is not a${kind === KIND_DECIMAL ? ' decimal' : 'n integer'} number${shown ? ` (it contains ${shown})` : ''}`;
  }
}

/** Rows of each table read from its .tbl file, checked on the way. */
export function tblRowSource(files: Record<SsbTable, TblFile>): (table: SsbTable) => RowSource {
  return (table) => {
    const f = files[table];
    const validator = new TblValidator(TBL_FILE_NAMES[table], table);
    const file = createReadStream(f.path, { highWaterMark: 256 * 1024 });
    file.on('error', (e) =>
      validator.destroy(AppFailure.of('FILE_MALFORMED', `bplab could not read ${f.path}: ${e.message}`)),
    );
    validator.on('close', () => file.destroy());
    return {
      stream: file.pipe(validator),
      label: TBL_FILE_NAMES[table],
      notes: () => {
        const note = describeNonUtf8(TBL_FILE_NAMES[table], validator.nonUtf8.found);
        return note ? [note] : [];
      },
    };
  };
}
