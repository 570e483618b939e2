/**
 * The bpftrace program bplab generates from a probe table: each page-request function's uprobe filtered
 * to the run's thread, and MySQL 8.0's adaptive-hash hits under the search latch placed in the trace
 * from their uretprobe (the cursor's block), counted as the probe after the table's.
 */
import { describe, expect, it } from 'vitest';
import { bpftraceProgram } from '../../../src/main/pagetrace/program';
import { probeTableFor } from '../../../src/main/pagetrace/probes';

const BIN = '/srv/mysql-8.0.31/bin/mysqld';

describe('bpftrace program', () => {
  it('places a latched adaptive-hash hit: the page of the block its cursor was left on', () => {
    const table = probeTableFor('mysql', '8.0.31')!;
    const p = bpftraceProgram(BIN, table, 4242);
    expect(p).toContain(
      `uprobe:${BIN}:_Z24btr_search_guess_on_hash* /tid == 4242/ { @latched[tid] = sarg0; @cursor[tid] = arg5; }`,
    );
    const ret = p.slice(p.indexOf('uretprobe:'));
    expect(ret).toContain('if ((retval & 0xff) != 0 && @latched[tid] != 0)');
    expect(ret).toContain('$b = *(uint64*)(@cursor[tid] + 32);');
    expect(ret).toContain('$k = ((uint64)*(uint32*)$b << 32) | (uint64)*(uint32*)($b + 4);');
    // Counted as the probe after the table's four, and folded into the records as they are.
    expect(ret).toContain(`@hits[${table.probes.length}] = count();`);
    expect(ret).toContain('@rec[@seq] = ($k, nsecs);');
    expect(p).not.toContain('@ahi');
  });

  it('has no uretprobe where the server counts no request outside the buffer pool’s functions', () => {
    const p = bpftraceProgram('/srv/mariadbd', probeTableFor('mariadb', '11.4.5')!, 7);
    expect(p).not.toContain('uretprobe');
    expect(p).toContain('uprobe:/srv/mariadbd:_Z16buf_page_get_gen9page_id_t* /tid == 7/');
  });
});
