/** customer: custkey|Customer#000000001|address|city|nation|region|phone|segment| */
import { ContactTableSource } from './contact';
import { MARKET_SEGMENTS, encode, encodeAll } from './domains';
import { RowStream } from './random';
import { customerCount } from './scale';
import type { GenerateOptions } from './source';
import { PIPE, putBytes } from './tbl-bytes';

const NAME_PREFIX = encode('Customer#');
const SEGMENTS = encodeAll(MARKET_SEGMENTS);

export class CustomerTableSource extends ContactTableSource {
  private readonly segment: RowStream;

  constructor(opts: GenerateOptions) {
    // The segment: up to 10 bytes and its pipe.
    super('customer', opts, customerCount(opts.sf), NAME_PREFIX, 10 + 1);
    this.segment = new RowStream('custSegment', opts.seed);
  }

  protected putOwnColumns(buf: Uint8Array, pos: number): number {
    pos = putBytes(buf, pos, SEGMENTS[this.segment.int(1, SEGMENTS.length) - 1]!);
    this.segment.rowDone();
    buf[pos++] = PIPE;
    return pos;
  }
}
