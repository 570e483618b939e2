import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { TblValidator, describeNonUtf8, findTblFiles } from '../../../src/main/ssb/tbl-import';
import { AppFailure } from '../../../src/shared/result';
import type { SsbTable } from '../../../src/shared/datasets/datasets';

// Lines in dbgen's format (fields separated by '|', a '|' at the end).
const CUSTOMER = '1|Customer#000000001|j5JsirBM9P|MOROCCO  0|MOROCCO|AFRICA|25-989-741-2988|BUILDING|\n';
const DATE = '19920101|January 1, 1992|Thursday|January|1992|199201|Jan1992|5|1|1|1|1|Winter|0|1|1|1|\n';
const LINEORDER =
  '1|1|7381|155190|828|19960102|5-LOW|0|17|2116823|17366547|4|2032150|74711|2|19960212|TRUCK|\n';

/** Runs bytes through a validator in chunks of `chunkSize`; resolves with what came out, or the failure. */
async function validate(
  table: SsbTable,
  text: string,
  chunkSize = 1 << 16,
): Promise<{ out: Buffer; lines: number } | AppFailure> {
  const bytes = Buffer.from(text, 'latin1');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const v = new TblValidator(`${table}.tbl`, table);
  const out: Buffer[] = [];
  try {
    for await (const c of Readable.from(chunks).pipe(v)) out.push(c as Buffer);
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  return { out: Buffer.concat(out), lines: v.lines };
}

async function failure(table: SsbTable, text: string, chunkSize?: number): Promise<AppFailure> {
  const r = await validate(table, text, chunkSize);
  if (!(r instanceof AppFailure)) throw new Error(`expected ${table} to be rejected`);
  return r;
}

describe('TblValidator', () => {
  it('passes valid lines through unchanged and counts them', async () => {
    const text = LINEORDER.repeat(1000);
    const r = await validate('lineorder', text, 4096);
    expect(r).not.toBeInstanceOf(AppFailure);
    if (r instanceof AppFailure) return;
    expect(r.out.equals(Buffer.from(text))).toBe(true);
    expect(r.lines).toBe(1000);
  });

  it('gives the same verdict wherever the chunks are cut', async () => {
    const good = CUSTOMER + CUSTOMER + CUSTOMER;
    const bad = CUSTOMER + CUSTOMER.replace('1|Customer', '1x|Customer') + CUSTOMER;
    for (let size = 1; size <= good.length; size += 7) {
      const r = await validate('customer', good, size);
      expect(r instanceof AppFailure ? r.error.message : 'ok').toBe('ok');
      const f = await failure('customer', bad, size);
      expect(f.error.message).toMatch(/^customer\.tbl, line 2: field 1 \(C_CustomerKey\)/);
    }
  });

  it('names the file and line of a row with a missing field', async () => {
    const broken = LINEORDER.replace('|TRUCK|', '|');
    const f = await failure('lineorder', LINEORDER.repeat(41) + broken + LINEORDER);
    expect(f.error.code).toBe('FILE_MALFORMED');
    expect(f.error.message).toBe(
      'lineorder.tbl, line 42: 16 fields where 17 are expected: field 17 (LO_ShipMode) is missing.',
    );
    expect(f.error.details).toMatchObject({ file: 'lineorder.tbl', line: 42 });
  });

  it('rejects an extra field', async () => {
    const f = await failure('customer', CUSTOMER.replace('BUILDING|', 'BUILDING|extra|'));
    expect(f.error.message).toBe(
      'customer.tbl, line 1: more than 8 fields (8 expected): something follows field 8 (C_MktSegment).',
    );
  });

  it('rejects text in a numeric column, naming the column', async () => {
    const f = await failure(
      'lineorder',
      LINEORDER + LINEORDER.replace('|17|2116823|', '|seventeen|2116823|'),
    );
    expect(f.error.message).toMatch(
      /^lineorder\.tbl, line 2: field 9 \(LO_Quantity\) is not an integer number/,
    );
    const d = await failure('lineorder', LINEORDER.replace('2116823', '21168.2.3'));
    expect(d.error.message).toMatch(/field 10 \(LO_ExtendedPrice\) is not a decimal number/);
  });

  it('accepts decimals with a point and negative integers', async () => {
    const r = await validate(
      'lineorder',
      LINEORDER.replace('2116823', '21168.23').replace('|74711|', '|-74711|'),
    );
    expect(r).not.toBeInstanceOf(AppFailure);
  });

  it('rejects a date key that is not yyyymmdd', async () => {
    expect((await failure('dim_date', DATE.replace('19920101', '1992011'))).error.message).toMatch(
      /field 1 \(D_DateKey\) is not a date key/,
    );
    expect((await failure('lineorder', LINEORDER.replace('19960102', '19961302'))).error.message).toMatch(
      /field 6 \(LO_OrderDateKey\) is not a date key/,
    );
  });

  it('rejects an empty numeric field', async () => {
    const f = await failure('customer', CUSTOMER.replace('1|Customer', '|Customer'));
    expect(f.error.message).toBe(
      'customer.tbl, line 1: field 1 (C_CustomerKey) is empty; a number is expected.',
    );
  });

  it('explains a missing trailing "|", Windows line ends and a cut last line', async () => {
    expect((await failure('customer', CUSTOMER.replace('BUILDING|\n', 'BUILDING\n'))).error.message).toMatch(
      /does not end with "\|"/,
    );
    expect((await failure('customer', CUSTOMER.replace('|\n', '|\r\n'))).error.message).toMatch(
      /Windows line ends/,
    );
    expect((await failure('customer', CUSTOMER + CUSTOMER.slice(0, 30))).error.message).toMatch(
      /^customer\.tbl, line 2: the last line is cut short/,
    );
  });
});

describe('text that is not UTF-8, and text too long for its column', () => {
  // dbgen's part.tbl at SF 1, line 199,984: P_Type holds bytes left in memory (here 0xE9 0x80 0xFF).
  const PART = '1|lace spring|MFGR#1|MFGR#11|MFGR#121|goldenrod|PROMO BURNISHED COPPER|7|JUMBO PKG|\n';
  const GARBAGE = PART.replace('PROMO BURNISHED COPPER', 'MEDI\xe9\x80\xffd');

  it('passes such bytes through unchanged and names the line and column, wherever the chunks are cut', async () => {
    // Line 6: a latin1 é (one byte 0xE9), not UTF-8 either.
    const text = PART.repeat(3) + GARBAGE + PART + PART.replace('lace', 'l\u00e9ce');
    for (const size of [1, 2, 3, 5, 17, 1 << 16]) {
      const bytes = Buffer.from(text, 'latin1');
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const v = new TblValidator('part.tbl', 'part');
      const out: Buffer[] = [];
      for await (const c of Readable.from(chunks).pipe(v)) out.push(c as Buffer);
      expect(Buffer.concat(out).equals(bytes), `chunks of ${size}`).toBe(true);
      expect(v.nonUtf8.found, `chunks of ${size}`).toEqual({
        count: 2,
        first: [
          { line: 4, column: 'P_Type' },
          { line: 6, column: 'P_Name' },
        ],
      });
    }
  });

  it('does not mistake UTF-8 split between two chunks for a bad byte', async () => {
    const text = PART.replace('lace spring', 'lace sprüng') + PART.replace('goldenrod', 'göldenrod');
    const bytes = Buffer.from(text, 'utf8');
    for (let size = 1; size <= 40; size++) {
      const v = new TblValidator('part.tbl', 'part');
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      for await (const c of Readable.from(chunks).pipe(v)) void c;
      expect(v.nonUtf8.found.count, `chunks of ${size}`).toBe(0);
    }
  });

  it('says it in words: the file, the line and the column', () => {
    expect(describeNonUtf8('part.tbl', { count: 1, first: [{ line: 199_984, column: 'P_Type' }] })).toBe(
      'part.tbl line 199,984 (P_Type) holds bytes that are not UTF-8 text; stored as they are',
    );
    expect(describeNonUtf8('part.tbl', { count: 0, first: [] })).toBeNull();
  });

  it('stops at a text longer than its column, naming the file, the line and the column', async () => {
    const long = PART + PART.replace('PROMO BURNISHED COPPER', 'X'.repeat(26));
    expect((await failure('part', long)).error.message).toBe(
      'part.tbl, line 2: field 7 (P_Type) is 26 bytes long; the column holds 25.',
    );
  });
});

describe('findTblFiles', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bplab-tbl-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('lists every missing file at once', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'customer.tbl'), CUSTOMER);
    writeFileSync(join(dir, 'lineorder.tbl'), LINEORDER);
    await expect(findTblFiles(dir)).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', message: `The folder ${dir} lacks part.tbl, supplier.tbl, date.tbl.` },
    });
  });

  it('finds date.tbl for dim_date', async () => {
    const dir = tempDir();
    for (const f of ['customer', 'part', 'supplier', 'date', 'lineorder'])
      writeFileSync(join(dir, `${f}.tbl`), '');
    const files = await findTblFiles(dir);
    expect(files.dim_date.path).toBe(join(dir, 'date.tbl'));
  });

  it('says so when the folder does not exist', async () => {
    await expect(findTblFiles('/nonexistent/bplab')).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
