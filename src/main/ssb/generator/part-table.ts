/**
 * part: partkey|name|MFGR#m|MFGR#mc|MFGR#mcbb|color|type|size|container|
 *
 * The name and color come from dbgen's agg_str: the 92 colours are shuffled by swapping each
 * position with one drawn from the whole list (92 draws a row); the first colour is P_Colour and
 * the next two, space-separated, are P_Name.
 */
import { COLORS, CONTAINERS, PART_TYPES, encode, encodeAll } from './domains';
import { tblQuirks } from './dbgen-quirks';
import { DEFAULT_LINEAGE, categorySharesMfgrStream } from './lineage';
import { RowStream } from './random';
import { partCount } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { NEWLINE, PIPE, putBytes, putUint } from './tbl-bytes';

const COLOR_BYTES = encodeAll(COLORS);
const TYPE_BYTES = encodeAll(PART_TYPES);
const CONTAINER_BYTES = encodeAll(CONTAINERS);
const MFGR = encode('MFGR#');

export class PartTableSource implements TableSource {
  readonly maxChunkBytes = 160;
  private readonly rows: number;
  private next = 0;
  private readonly padBrand: boolean;
  private readonly perm = new Int32Array(COLORS.length);
  private readonly name: RowStream;
  private readonly mfgr: RowStream;
  private readonly category: RowStream;
  private readonly brand: RowStream;
  private readonly type: RowStream;
  private readonly size: RowStream;
  private readonly container: RowStream;

  constructor(opts: GenerateOptions) {
    this.rows = partCount(opts.sf);
    this.padBrand = !tblQuirks(opts.mode, opts.lineage).unpaddedBrand;
    this.name = new RowStream('partName', opts.seed);
    if (categorySharesMfgrStream(opts.lineage ?? DEFAULT_LINEAGE)) {
      // Classic dbgen: the category is the manufacturer stream's second draw of the row.
      this.mfgr = new RowStream('partMfgr', opts.seed, 0, 2);
      this.category = this.mfgr;
    } else {
      this.mfgr = new RowStream('partMfgr', opts.seed);
      this.category = new RowStream('partCategory', opts.seed);
    }
    this.brand = new RowStream('partBrand', opts.seed);
    this.type = new RowStream('partType', opts.seed);
    this.size = new RowStream('partSize', opts.seed);
    this.container = new RowStream('partContainer', opts.seed);
  }

  get rowsWritten(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.rows;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    const perm = this.perm;
    while (this.next < this.rows && pos + this.maxChunkBytes <= end) {
      const key = ++this.next;
      this.name.shuffle(perm);
      const mfgr = this.mfgr.int(1, 5);
      const category = this.category.int(1, 5);
      const brand = this.brand.int(1, 40);

      pos = putUint(buf, pos, key);
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, COLOR_BYTES[perm[1]!]!);
      buf[pos++] = 0x20;
      pos = putBytes(buf, pos, COLOR_BYTES[perm[2]!]!);
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, MFGR);
      buf[pos++] = 48 + mfgr;
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, MFGR);
      buf[pos++] = 48 + mfgr;
      buf[pos++] = 48 + category;
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, MFGR);
      buf[pos++] = 48 + mfgr;
      buf[pos++] = 48 + category;
      if (brand < 10 && this.padBrand) buf[pos++] = 48;
      pos = putUint(buf, pos, brand);
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, COLOR_BYTES[perm[0]!]!);
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, TYPE_BYTES[this.type.int(1, TYPE_BYTES.length) - 1]!);
      buf[pos++] = PIPE;
      pos = putUint(buf, pos, this.size.int(1, 50));
      buf[pos++] = PIPE;
      pos = putBytes(buf, pos, CONTAINER_BYTES[this.container.int(1, CONTAINER_BYTES.length) - 1]!);
      buf[pos++] = PIPE;
      buf[pos++] = NEWLINE;

      this.name.rowDone();
      this.mfgr.rowDone();
      if (this.category !== this.mfgr) this.category.rowDone();
      this.brand.rowDone();
      this.type.rowDone();
      this.size.rowDone();
      this.container.rowDone();
    }
    return pos;
  }
}
