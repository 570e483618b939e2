/**
 * The bpftrace program bplab generates from a probe table: each page-request function's uprobe, every
 * thread's requests kept under its own thread id (its own sequence, last page and records), and MySQL
 * 8.0's adaptive-hash hits under the search latch placed in the trace from their uretprobe (the
 * cursor's block), counted as the probe after the table's.
 */
import { describe, expect, it } from 'vitest';
import { bpftraceProgram } from '../../../src/main/pagetrace/program';
import { probeCounters, probeTableFor } from '../../../src/main/pagetrace/probes';

const BIN = '/srv/mysql-8.0.31/bin/mysqld';

describe('bpftrace program', () => {
  it('places a latched adaptive-hash hit: the page of the block its cursor was left on', () => {
    const table = probeTableFor('mysql', '8.0.31')!;
    const p = bpftraceProgram(BIN, table, 4242);
    expect(p).toContain(
      `uprobe:${BIN}:_Z24btr_search_guess_on_hash* /pid == 4242/ { @latched[tid] = sarg0; @cursor[tid] = arg5; }`,
    );
    const ret = p.slice(p.indexOf('uretprobe:'));
    expect(ret).toContain('if ((retval & 0xff) != 0 && @latched[tid] != 0)');
    expect(ret).toContain('$b = *(uint64*)(@cursor[tid] + 32);');
    expect(ret).toContain('$k = ((uint64)*(uint32*)$b << 32) | (uint64)*(uint32*)($b + 4);');
    // Counted as the probe after the table's four, and folded into the records as they are.
    expect(ret).toContain(`@hits[${table.probes.length}, tid] = count();`);
    expect(ret).toContain('@rec[tid, @seq[tid]] = ($k, nsecs);');
    expect(p).not.toContain('@ahi');
    // The trace keeps a counter per probe and one for the latched hits; MariaDB has no latched probe.
    expect(probeCounters(table)).toBe(5);
    expect(probeCounters(probeTableFor('mariadb', '11.4.5')!)).toBe(4);
  });

  it("marks a latched hit's record in its count and never folds it with another kind of request", () => {
    const table = probeTableFor('mysql', '8.0.31')!;
    const p = bpftraceProgram(BIN, table, 4242);
    const ret = p.slice(p.indexOf('uretprobe:'));
    // LATCHED_BIT (2^31) plus the request; the other probes start their records at 1.
    expect(ret).toContain('@cnt[tid, @seq[tid]] = 2147483648 + 1;');
    expect(ret).toContain('if (@seq[tid] > 0 && @last[tid] == $k && @lastKind[tid] == 1) {');
    const first = p.slice(0, p.indexOf('uretprobe:'));
    expect(first).toContain('if (@seq[tid] > 0 && @last[tid] == $k && @lastKind[tid] == 0) {');
    expect(first).not.toContain('2147483648');
    // MariaDB 11.4's table has no latched hits: its folds stay as they were.
    const m = bpftraceProgram('/srv/mariadbd', probeTableFor('mariadb', '11.4.5')!, 7);
    expect(m).toContain('if (@seq[tid] > 0 && @last[tid] == $k) {');
    expect(m).not.toContain('@lastKind');
  });

  it('has no uretprobe where the server counts no request outside the buffer pool’s functions', () => {
    const p = bpftraceProgram('/srv/mariadbd', probeTableFor('mariadb', '11.4.5')!, 7);
    expect(p).not.toContain('uretprobe');
    // Every thread of the server's process, none of another process of the same binary.
    expect(p).toContain('uprobe:/srv/mariadbd:_Z16buf_page_get_gen9page_id_t* /pid == 7/ {');
    expect(p).not.toContain('/tid ==');
  });

  it('adds a second server count to the record of a request MySQL counts twice (buf_page_get_known_nowait)', () => {
    const table = probeTableFor('mysql', '8.0.31')!;
    const p = bpftraceProgram(BIN, table, 4242);
    const nowait = p.slice(p.indexOf('// buf_page_get_known_nowait'), p.indexOf('// buf_page_try_get'));
    // 1 + EXTRA_UNIT (2^32): one request, one more counted by the server.
    expect(nowait).toContain('@cnt[tid, @seq[tid] - 1] = @cnt[tid, @seq[tid] - 1] + 4294967297;');
    expect(nowait).toContain('@cnt[tid, @seq[tid]] = 4294967297;');
    const gen = p.slice(p.indexOf('// buf_page_get_gen'), p.indexOf('// buf_page_optimistic_get'));
    expect(gen).toContain('@cnt[tid, @seq[tid]] = 1;');
  });

  it("reads MySQL 5.6's page ids from its split arguments and its cursor's block at 16", () => {
    const bin = '/srv/mysql-5.6.14/bin/mysqld';
    const table = probeTableFor('mysql', '5.6.14')!;
    expect(table.threadMarker?.symbol).toBe('_Z16dispatch_command19enum_server_commandP3THDPcj');
    const p = bpftraceProgram(bin, table, 9);
    // buf_page_get_gen(space, zip_size, offset, ...): space in arg0, page in arg2.
    expect(p).toContain(`uprobe:${bin}:_Z16buf_page_get_genmmmmP11buf_block_tmPKcmP5mtr_t /pid == 9/ {`);
    expect(p).toContain('((uint64)(arg0 & 0xffffffff) << 32) | (uint64)(arg2 & 0xffffffff)');
    // buf_page_try_get_func(space_id, page_no, ...): arg0 and arg1.
    expect(p).toContain('((uint64)(arg0 & 0xffffffff) << 32) | (uint64)(arg1 & 0xffffffff)');
    // 5.6's page_cur_t is { rec; block; }: the block 8 bytes further than MySQL 8.0's.
    expect(p).toContain('$b = *(uint64*)(@cursor[tid] + 16);');
  });

  it("reads MySQL 9.7's latched hits from its register arguments: the cursor in arg3, the latch in arg4", () => {
    const bin = '/srv/mysql-9.7/usr/sbin/mysqld';
    const table = probeTableFor('mysql', '9.7.4')!;
    const p = bpftraceProgram(bin, table, 11);
    expect(p).toContain(
      `uprobe:${bin}:_Z24btr_search_guess_on_hashPK8dtuple_tmmP9btr_cur_tmP5mtr_t /pid == 11/ { @latched[tid] = arg4; @cursor[tid] = arg3; }`,
    );
    expect(p).toContain('$b = *(uint64*)(@cursor[tid] + 32);');
    // The page requests as on 8.0: a page_id_t & in arg0, a buf_block_t * in arg1.
    expect(p).toContain(`uprobe:${bin}:_Z16buf_page_get_genRK9page_id_t* /pid == 11/`);
    expect(p).toContain('((uint64)*(uint32*)arg0 << 32) | (uint64)*(uint32*)(arg0 + 4)');
    expect(p).toContain(`uprobe:${bin}:_Z25buf_page_get_known_nowaitmP11buf_block_t* /pid == 11/`);
    expect(table.probes.map((x) => [x.name, x.serverCounts])).toEqual([
      ['buf_page_get_gen', 1],
      ['buf_page_optimistic_get', 1],
      ['buf_page_get_known_nowait', 2],
      ['buf_page_try_get', 1],
    ]);
  });
});
