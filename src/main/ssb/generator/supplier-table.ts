/** supplier: suppkey|Supplier#000000001|address|city|nation|region|phone| */
import { NAMED_CONTACT_MAX_BYTES, contactStreams, putNamedContact, type ContactStreams } from './contact';
import { encode } from './domains';
import { supplierCount } from './scale';
import type { GenerateOptions, TableSource } from './source';
import { NEWLINE } from './tbl-bytes';

const NAME_PREFIX = encode('Supplier#');

export class SupplierTableSource implements TableSource {
  readonly maxChunkBytes = NAMED_CONTACT_MAX_BYTES + 1;
  private readonly rows: number;
  private next = 0;
  private readonly s: ContactStreams;

  constructor(opts: GenerateOptions) {
    this.rows = supplierCount(opts.sf);
    this.s = contactStreams('supplier', opts);
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
      buf[pos++] = NEWLINE;
    }
    return pos;
  }
}
