/** customer: custkey|Customer#000000001|address|city|nation|region|phone|segment| */
import { NAMED_CONTACT_MAX_BYTES, contactStreams, putNamedContact, type ContactStreams } from './contact';
import { MARKET_SEGMENTS, encode, encodeAll } from './domains';
import { RowStream } from './random';
import { customerCount } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { NEWLINE, PIPE, putBytes } from './tbl-bytes';

const NAME_PREFIX = encode('Customer#');
const SEGMENTS = encodeAll(MARKET_SEGMENTS);

export class CustomerTableSource implements TableSource {
  readonly maxChunkBytes = NAMED_CONTACT_MAX_BYTES + 10 + 2;
  private readonly rows: number;
  private next = 0;
  private readonly s: ContactStreams;
  private readonly segment: RowStream;

  constructor(opts: GenerateOptions) {
    this.rows = customerCount(opts.sf);
    this.s = contactStreams('customer', opts);
    this.segment = new RowStream('custSegment', opts.seed);
  }

  get rowsWritten(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.rows;
  }

  fill(buf: Uint8Array, pos: number, end: number): number {
    while (this.next < this.rows && pos + this.maxChunkBytes <= end) {
      pos = putNamedContact(buf, pos, ++this.next, NAME_PREFIX, this.s);
      pos = putBytes(buf, pos, SEGMENTS[this.segment.int(1, SEGMENTS.length) - 1]!);
      this.segment.rowDone();
      buf[pos++] = PIPE;
      buf[pos++] = NEWLINE;
    }
    return pos;
  }
}
