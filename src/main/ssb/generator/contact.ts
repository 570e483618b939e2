/**
 * The columns customer and supplier share: address, nation, city and phone, drawn as dbgen draws
 * them. The city and phone streams are one sequence across both tables: supplier draws first and
 * customer continues where supplier's last row left it. ContactTableSource writes both tables' rows,
 * key and name first; each table adds its own columns after the shared ones.
 */
import { ADDRESS_ALPHABET, NATIONS, REGIONS, cityName, encode } from './domains';
import { DEFAULT_LINEAGE, type DbgenLineage } from './lineage';
import { MODULUS, RowStream, STREAMS, type StreamId } from './random';
import { partCount, supplierCount } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { NEWLINE, PIPE, putBytes, putUint, putUintPadded } from './tbl-bytes';

/** SSB's addresses average 15 characters: a_rnd draws a length in [0.4, 1.6] × 15. */
const ADDRESS_MIN = 6;
const ADDRESS_MAX = 24;
const ALPHABET = encode(ADDRESS_ALPHABET);
const NATION_BYTES = NATIONS.map((n) => encode(n.name));
const REGION_BYTES = NATIONS.map((n) => encode(REGIONS[n.region]!));
/** CITY_BYTES[nation][digit] */
const CITY_BYTES = NATIONS.map((n) => Array.from({ length: 10 }, (_, d) => encode(cityName(n.name, d))));

/** The longest `address|city|nation|region|phone|` can be. */
export const CONTACT_MAX_BYTES = ADDRESS_MAX + 1 + 10 + 1 + 15 + 1 + 12 + 1 + 15 + 1;

export interface ContactStreams {
  address: RowStream;
  nation: RowStream;
  city: RowStream;
  phone: RowStream;
}

/**
 * The stream and starting draw of the city digit for the first row of `table`. In the classic
 * lineage P_CITY_SD lies beyond dbgen's stream table, so the digit comes from stream 0 (P_MFG_SD),
 * after the part table's two draws a row (lineage.ts).
 */
export function cityStream(
  lineage: DbgenLineage,
  table: 'supplier' | 'customer',
  sf: number,
): { id: StreamId; skipDraws: number } {
  const beforeCustomers = table === 'customer' ? supplierCount(sf) : 0;
  if (lineage === 'classic') return { id: 'partMfgr', skipDraws: 2 * partCount(sf) + beforeCustomers };
  return { id: 'city', skipDraws: beforeCustomers };
}

/** The four streams of `table`'s contact columns. City and phone carry on from the supplier table, which dbgen writes first. */
export function contactStreams(table: 'supplier' | 'customer', opts: GenerateOptions): ContactStreams {
  const city = cityStream(opts.lineage ?? DEFAULT_LINEAGE, table, opts.sf);
  const supplier = table === 'supplier';
  return {
    address: new RowStream(supplier ? 'suppAddress' : 'custAddress', opts.seed),
    nation: new RowStream(supplier ? 'suppNation' : 'custNation', opts.seed),
    city: new RowStream(city.id, opts.seed, city.skipDraws, 1),
    phone: new RowStream('phone', opts.seed, supplier ? 0 : supplierCount(opts.sf) * STREAMS.phone.perRow),
  };
}

/**
 * dbgen's a_rnd: a length, then one draw per five characters, six bits each. The character draw is
 * UnifInt(0, 2³¹−1), whose range SSB's dbgen evaluates in 64 bits (2³¹).
 */
function putAddress(buf: Uint8Array, pos: number, s: RowStream): number {
  const len = s.int(ADDRESS_MIN, ADDRESS_MAX);
  let bits = 0;
  for (let i = 0; i < len; i++) {
    if (i % 5 === 0) bits = Math.floor((s.next() / MODULUS) * 2147483648);
    buf[pos++] = ALPHABET[bits & 63]!;
    bits >>>= 6;
  }
  return pos;
}

/** Phone: (10 + nation)-aaa-eee-nnnn with area 100–999, exchange 100–999, number 1000–9999. */
function putPhone(buf: Uint8Array, pos: number, nation: number, s: RowStream): number {
  pos = putUint(buf, pos, 10 + nation);
  buf[pos++] = 0x2d;
  pos = putUint(buf, pos, s.int(100, 999));
  buf[pos++] = 0x2d;
  pos = putUint(buf, pos, s.int(100, 999));
  buf[pos++] = 0x2d;
  return putUint(buf, pos, s.int(1000, 9999));
}

/** Writes `address|city|nation|region|phone|` and ends the row on the four streams. */
export function putContact(buf: Uint8Array, pos: number, s: ContactStreams): number {
  pos = putAddress(buf, pos, s.address);
  buf[pos++] = PIPE;
  const nation = s.nation.int(0, NATIONS.length - 1);
  pos = putBytes(buf, pos, CITY_BYTES[nation]![s.city.int(0, 9)]!);
  buf[pos++] = PIPE;
  pos = putBytes(buf, pos, NATION_BYTES[nation]!);
  buf[pos++] = PIPE;
  pos = putBytes(buf, pos, REGION_BYTES[nation]!);
  buf[pos++] = PIPE;
  pos = putPhone(buf, pos, nation, s.phone);
  buf[pos++] = PIPE;
  s.address.rowDone();
  s.nation.rowDone();
  s.city.rowDone();
  s.phone.rowDone();
  return pos;
}

/**
 * supplier and customer: rows of `key|Prefix#000000key|address|city|nation|region|phone|`, then the
 * table's own columns (supplier has none, customer its market segment) and the newline.
 */
export abstract class ContactTableSource implements TableSource {
  readonly maxChunkBytes: number;
  private readonly rows: number;
  private next = 0;
  private readonly prefix: Uint8Array;
  private readonly s: ContactStreams;

  /** `ownMaxBytes`: the longest the table's own columns can be, their pipes included. */
  protected constructor(
    table: 'supplier' | 'customer',
    opts: GenerateOptions,
    rows: number,
    prefix: Uint8Array,
    ownMaxBytes: number,
  ) {
    // An 11-digit key, a name prefix of up to 12 bytes and 9 digits, the contact columns, the newline.
    this.maxChunkBytes = 11 + 1 + 9 + 12 + 1 + CONTACT_MAX_BYTES + ownMaxBytes + 1;
    this.rows = rows;
    this.prefix = prefix;
    this.s = contactStreams(table, opts);
  }

  get rowsWritten(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.rows;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    while (this.next < this.rows && pos + this.maxChunkBytes <= end) {
      const key = ++this.next;
      pos = putUint(buf, pos, key);
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, this.prefix);
      pos = putUintPadded(buf, pos, key, 9);
      buf[pos++] = PIPE;
      pos = putContact(buf, pos, this.s);
      pos = this.putOwnColumns(buf, pos);
      buf[pos++] = NEWLINE;
    }
    return pos;
  }

  /** Writes the table's own columns, each with its pipe, and ends the row on their streams. */
  protected abstract putOwnColumns(buf: Uint8Array, pos: number): number;
}
