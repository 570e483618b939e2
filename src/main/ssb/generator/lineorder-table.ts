/**
 * lineorder, dbgen's mk_order: 1,500,000 × SF orders of 1–7 lines.
 *
 * Per order: an order date uniform over 1992-01-01..1998-08-02, a customer key uniform over the
 * customers but nudged off every multiple of 3 (dbgen's CUST_MORTALITY: a third of the customers
 * never order, and keys ≡ 1 mod 3 get twice the orders of keys ≡ 2), a priority, a line count.
 * Per line: part and supplier keys, quantity 1–50, discount 0–10, tax 0–8, commit date 30–90 days
 * after the order date, ship mode. Prices are whole cents, as dbgen computes them:
 *   retail price(p) = 90000 + ⌊p/10⌋ mod 20001 + (p mod 1000) × 100
 *   extended price = retail × quantity; revenue = ⌊extended × (100 − discount) / 100⌋
 *   supply cost = ⌊6 × retail / 10⌋; order total = Σ ⌊revenue × (100 + tax) / 100⌋ over its lines.
 *
 * Every stream value at an order is a function of the order's index, so a generator can start at
 * any order: the worker pool and the chunked stream rely on it for identical bytes.
 */
import { LAST_ORDER_DAY, CALENDAR } from './calendar';
import { ORDER_PRIORITIES, SHIP_MODES, encodeAll } from './domains';
import { tblQuirks } from './dbgen-quirks';
import { DEFAULT_LINEAGE, orderStreamOffsetRows } from './lineage';
import { MODULUS, STREAMS, nextRand, streamValue, type StreamId } from './random';
import { MAX_LINES_PER_ORDER, customerCount, orderCount, partKeyMax, supplierCount } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { NEWLINE, PIPE, putUint } from './tbl-bytes';

const PRIORITIES = encodeAll(ORDER_PRIORITIES);
const MODES = encodeAll(SHIP_MODES);
const DATE_KEYS = CALENDAR.map((d) => d.dateKeyBytes);
const ORDER_DAYS = LAST_ORDER_DAY + 1;
const MAX_ROW_BYTES = 200;

/** dbgen's sparse order key: of every 32 keys only the first 8 are used (room for TPC-H refreshes). */
export const orderKey = (index: number): number => Math.floor(index / 8) * 32 + (index % 8);

/** dbgen's retail price of a part, in cents. */
export const retailPrice = (partKey: number): number =>
  90000 + (Math.floor(partKey / 10) % 20001) + (partKey % 1000) * 100;

const ORDER_STREAMS = ['orderDate', 'orderCustKey', 'orderPriority', 'orderLineCount'] as const;
const LINE_STREAMS = [
  'linePartKey',
  'lineSuppKey',
  'lineQuantity',
  'lineDiscount',
  'lineTax',
  'lineCommitDate',
  'lineShipMode',
] as const;

export interface OrderRange {
  /** First order index (1-based). */
  first: number;
  /** Orders to write. */
  count: number;
}

export class LineorderTableSource implements TableSource {
  readonly maxChunkBytes = MAX_ROW_BYTES * MAX_LINES_PER_ORDER;
  private rows = 0;
  private nextOrder: number;
  private readonly endOrder: number;
  private readonly customers: number;
  private readonly suppliers: number;
  private readonly partKeys: number;
  /** LO_OrderPriority's bytes, cut as dbgen cuts them in 'dbgen' mode. */
  private readonly priorities: readonly Uint8Array[];
  /** Stream values at the start of nextOrder: 4 order streams, then 7 line streams. */
  private readonly state = new Float64Array(ORDER_STREAMS.length + LINE_STREAMS.length);
  // One order's lines, priced before they are written (the order total goes on every line).
  private readonly partKey = new Float64Array(MAX_LINES_PER_ORDER);
  private readonly suppKey = new Float64Array(MAX_LINES_PER_ORDER);
  private readonly quantity = new Int32Array(MAX_LINES_PER_ORDER);
  private readonly discount = new Int32Array(MAX_LINES_PER_ORDER);
  private readonly tax = new Int32Array(MAX_LINES_PER_ORDER);
  private readonly commitDay = new Int32Array(MAX_LINES_PER_ORDER);
  private readonly shipMode = new Int32Array(MAX_LINES_PER_ORDER);
  private readonly extended = new Float64Array(MAX_LINES_PER_ORDER);
  private readonly revenue = new Float64Array(MAX_LINES_PER_ORDER);
  private readonly supplyCost = new Float64Array(MAX_LINES_PER_ORDER);

  constructor(opts: GenerateOptions, range?: OrderRange) {
    const total = orderCount(opts.sf);
    const first = range?.first ?? 1;
    this.nextOrder = first;
    this.endOrder = Math.min(total + 1, first + (range?.count ?? total));
    this.customers = customerCount(opts.sf);
    this.suppliers = supplierCount(opts.sf);
    this.partKeys = partKeyMax(opts.sf);
    const cut = tblQuirks(opts.mode, opts.lineage).priorityBytes;
    this.priorities = cut === null ? PRIORITIES : PRIORITIES.map((p) => p.subarray(0, cut));
    // dbgen writes the date table in TPC-H's ORDER slot, so the order streams start that many rows in.
    const offset = orderStreamOffsetRows(opts.lineage ?? DEFAULT_LINEAGE);
    const at = (id: StreamId, rows: number) => streamValue(id, opts.seed, rows * STREAMS[id].perRow);
    ORDER_STREAMS.forEach((id, i) => (this.state[i] = at(id, first - 1 + offset)));
    LINE_STREAMS.forEach((id, i) => (this.state[ORDER_STREAMS.length + i] = at(id, first - 1)));
  }

  get rowsWritten(): number {
    return this.rows;
  }

  get done(): boolean {
    return this.nextOrder >= this.endOrder;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    const st = this.state;
    let od = st[0]!;
    let ck = st[1]!;
    let pr = st[2]!;
    let lc = st[3]!;
    let pk = st[4]!;
    let sk = st[5]!;
    let qt = st[6]!;
    let dc = st[7]!;
    let tx = st[8]!;
    let cd = st[9]!;
    let sm = st[10]!;
    const { partKey, suppKey, quantity, discount, tax, commitDay, shipMode, extended, revenue, supplyCost } =
      this;
    const customers = this.customers;
    const suppliers = this.suppliers;
    const partKeys = this.partKeys;
    const priorities = this.priorities;
    const limit = end - this.maxChunkBytes;
    let order = this.nextOrder;
    let rows = this.rows;

    while (order < this.endOrder && pos <= limit) {
      od = nextRand(od);
      const day = Math.floor((od / MODULUS) * ORDER_DAYS);
      ck = nextRand(ck);
      let cust = 1 + Math.floor((ck / MODULUS) * customers);
      let delta = 1;
      while (cust % 3 === 0) {
        cust = Math.min(cust + delta, customers);
        delta = -delta;
      }
      pr = nextRand(pr);
      const priority = priorities[Math.floor((pr / MODULUS) * 5)]!;
      lc = nextRand(lc);
      const lines = 1 + Math.floor((lc / MODULUS) * MAX_LINES_PER_ORDER);

      let total = 0;
      for (let l = 0; l < lines; l++) {
        pk = nextRand(pk);
        const p = 1 + Math.floor((pk / MODULUS) * partKeys);
        sk = nextRand(sk);
        qt = nextRand(qt);
        const q = 1 + Math.floor((qt / MODULUS) * 50);
        dc = nextRand(dc);
        const d = Math.floor((dc / MODULUS) * 11);
        tx = nextRand(tx);
        const t = Math.floor((tx / MODULUS) * 9);
        cd = nextRand(cd);
        sm = nextRand(sm);
        const rp = retailPrice(p);
        const ext = rp * q;
        const rev = Math.floor((ext * (100 - d)) / 100);
        partKey[l] = p;
        suppKey[l] = 1 + Math.floor((sk / MODULUS) * suppliers);
        quantity[l] = q;
        discount[l] = d;
        tax[l] = t;
        commitDay[l] = day + 30 + Math.floor((cd / MODULUS) * 61);
        shipMode[l] = Math.floor((sm / MODULUS) * 7);
        extended[l] = ext;
        revenue[l] = rev;
        supplyCost[l] = Math.floor((6 * rp) / 10);
        total += Math.floor((rev * (100 + t)) / 100);
      }
      // The line streams reserve 7 draws per order: skip the ones this order did not use.
      for (let l = lines; l < MAX_LINES_PER_ORDER; l++) {
        pk = nextRand(pk);
        sk = nextRand(sk);
        qt = nextRand(qt);
        dc = nextRand(dc);
        tx = nextRand(tx);
        cd = nextRand(cd);
        sm = nextRand(sm);
      }

      const key = orderKey(order);
      const orderDate = DATE_KEYS[day]!;
      for (let l = 0; l < lines; l++) {
        pos = putUint(buf, pos, key);
        buf[pos++] = PIPE;
        buf[pos++] = 49 + l;
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, cust);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, partKey[l]!);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, suppKey[l]!);
        buf[pos++] = PIPE;
        for (let i = 0; i < 8; i++) buf[pos + i] = orderDate[i]!;
        pos += 8;
        buf[pos++] = PIPE;
        for (let i = 0; i < priority.length; i++) buf[pos + i] = priority[i]!;
        pos += priority.length;
        buf[pos++] = PIPE;
        buf[pos++] = 48;
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, quantity[l]!);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, extended[l]!);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, total);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, discount[l]!);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, revenue[l]!);
        buf[pos++] = PIPE;
        pos = putUint(buf, pos, supplyCost[l]!);
        buf[pos++] = PIPE;
        buf[pos++] = 48 + tax[l]!;
        buf[pos++] = PIPE;
        const commit = DATE_KEYS[commitDay[l]!]!;
        for (let i = 0; i < 8; i++) buf[pos + i] = commit[i]!;
        pos += 8;
        buf[pos++] = PIPE;
        const mode = MODES[shipMode[l]!]!;
        for (let i = 0; i < mode.length; i++) buf[pos + i] = mode[i]!;
        pos += mode.length;
        buf[pos++] = PIPE;
        buf[pos++] = NEWLINE;
      }
      rows += lines;
      order++;
    }

    st[0] = od;
    st[1] = ck;
    st[2] = pr;
    st[3] = lc;
    st[4] = pk;
    st[5] = sk;
    st[6] = qt;
    st[7] = dc;
    st[8] = tx;
    st[9] = cd;
    st[10] = sm;
    this.nextOrder = order;
    this.rows = rows;
    return pos;
  }
}
