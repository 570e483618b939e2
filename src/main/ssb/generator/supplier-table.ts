/** supplier: suppkey|Supplier#000000001|address|city|nation|region|phone| */
import { ContactTableSource } from './contact';
import { encode } from './domains';
import { supplierCount } from './scale';
import type { GenerateOptions } from './source';

const NAME_PREFIX = encode('Supplier#');

export class SupplierTableSource extends ContactTableSource {
  constructor(opts: GenerateOptions) {
    super('supplier', opts, supplierCount(opts.sf), NAME_PREFIX, 0);
  }

  /** The contact columns are all of supplier's. */
  protected putOwnColumns(_buf: Uint8Array, pos: number): number {
    return pos;
  }
}
