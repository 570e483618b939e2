/**
 * Where each server version asks the buffer pool for a page, and where the page id sits in the call's
 * arguments: one table per version, each entry citing the source it was read from. bplab attaches a
 * uprobe to each function of its server's table (program.ts); a version missing here cannot be traced.
 */

/**
 * How a probe finds the page id in its arguments:
 * - `ref-pair`: argN points at a page_id_t of two uint32, space then page number (MySQL 8.0's
 *   `const page_id_t &`, and a buf_block_t * whose first member's first member is that id);
 * - `packed`: argN is MariaDB's page_id_t by value, one uint64 `space << 32 | page_no`;
 * - `split`: the space in one argument, the page number in another (MySQL 5.6).
 */
export type PageIdAt =
  | { kind: 'ref-pair'; arg: number }
  | { kind: 'packed'; arg: number }
  | { kind: 'split'; spaceArg: number; pageArg: number };

export interface PageProbe {
  /** The function, as its source names it. */
  name: string;
  /** Its symbol in the binary (a glob over the mangled C++ name: the argument types follow it). */
  symbol: string;
  at: PageIdAt;
  /**
   * How many page requests the server counts per call (Innodb_buffer_pool_read_requests): MySQL 8.0
   * counts an adaptive-hash hit twice, once in buf_page_get_known_nowait and once in
   * btr_search_guess_on_hash, so its calls weigh 2 in the check against the server's counter.
   */
  serverCounts: number;
  /** The source the layout was read from: file, function, and the line that counts the request. */
  source: string;
}

/**
 * Where a server that does not name a connection's OS thread runs each statement: a probe there
 * catches a marked statement and says its thread (thread-marker.ts).
 */
export interface ThreadMarker {
  symbol: string;
  /** The argument holding the statement's text. */
  statementArg: number;
  source: string;
}

export interface ProbeTable {
  /** "mysql 8.0", "mariadb 11.4": the versions it holds for (major.minor). */
  server: string;
  /** The build with its symbols that scripts/install-deps.sh installs for it: its version, and the name to ask for. */
  build: { version: string; install: string };
  probes: PageProbe[];
  /** Set where the server cannot say which OS thread serves a connection (MySQL 5.6). */
  threadMarker?: ThreadMarker;
  /**
   * Requests the server counts without asking the buffer pool for the page: an adaptive-hash hit
   * while the caller holds the search latch. A uretprobe on the function counts a hit (its bool
   * return true, with the latch argument set at entry) and places the page the cursor was left on in
   * the trace, so the replay sees the request (the page is in the pool: the hash pointed into it).
   */
  latchedHashHits?: {
    symbol: string;
    /** The latch argument (a stack argument: sarg0 is the 7th). */
    latchArg: string;
    /** The btr_cur_t * argument, and where its page_cur.block (a buf_block_t *) sits in it. */
    cursorArg: number;
    blockOffset: number;
    source: string;
  };
}

/** MySQL 8.0.31 (storage/innobase, tag mysql-8.0.31). */
const MYSQL_80: ProbeTable = {
  server: 'mysql 8.0',
  build: { version: '8.0.31', install: 'mysql' },
  probes: [
    {
      name: 'buf_page_get_gen',
      symbol: '_Z16buf_page_get_genRK9page_id_t*',
      at: { kind: 'ref-pair', arg: 0 },
      serverCounts: 1,
      source:
        'include/buf0buf.h: buf_page_get_gen(const page_id_t &page_id, const page_size_t &page_size, ulint rw_latch, buf_block_t *guess, Page_fetch mode, ut::Location location, mtr_t *mtr, bool dirty_with_no_latch); page_id_t is { space_id_t m_space; page_no_t m_page_no; } (include/buf0types.h); counted by ++buf_pool->stat.n_page_gets in Buf_fetch::single_page (buf/buf0buf.cc)',
    },
    {
      name: 'buf_page_optimistic_get',
      symbol: '_Z23buf_page_optimistic_getmP11buf_block_t*',
      at: { kind: 'ref-pair', arg: 1 },
      serverCounts: 1,
      source:
        'include/buf0buf.h: bool buf_page_optimistic_get(ulint rw_latch, buf_block_t *block, uint64_t modify_clock, Page_fetch fetch_mode, const char *file, ulint line, mtr_t *mtr); buf_block_t begins with buf_page_t page, which begins with page_id_t id (include/buf0buf.h); counted by buf_pool->stat.n_page_gets++ at its end (buf/buf0buf.cc)',
    },
    {
      name: 'buf_page_get_known_nowait',
      symbol: '_Z25buf_page_get_known_nowaitmP11buf_block_t*',
      at: { kind: 'ref-pair', arg: 1 },
      serverCounts: 2,
      source:
        'include/buf0buf.h: bool buf_page_get_known_nowait(ulint rw_latch, buf_block_t *block, Cache_hint hint, const char *file, ulint line, mtr_t *mtr); counted by buf_pool->stat.n_page_gets++ in it (buf/buf0buf.cc) and again by btr_search_guess_on_hash after it ("Increment the page get statistics though we did not really fix the page", btr/btr0sea.cc)',
    },
    {
      name: 'buf_page_try_get',
      symbol: '_Z16buf_page_try_getRK9page_id_t*',
      at: { kind: 'ref-pair', arg: 0 },
      serverCounts: 1,
      source:
        'include/buf0buf.h: const buf_block_t *buf_page_try_get(const page_id_t &page_id, ut::Location location, mtr_t *mtr); counted by buf_pool->stat.n_page_gets++ before it returns (buf/buf0buf.cc)',
    },
  ],
  latchedHashHits: {
    symbol: '_Z24btr_search_guess_on_hash*',
    latchArg: 'sarg0',
    cursorArg: 5,
    blockOffset: 32,
    source:
      "btr/btr0sea.cc: bool btr_search_guess_on_hash(dict_index_t *index, btr_search_t *info, const dtuple_t *tuple, ulint mode, ulint latch_mode, btr_cur_t *cursor, ulint has_search_latch, mtr_t *mtr): with has_search_latch set (the 7th argument, on the stack: sarg0) it skips buf_page_get_known_nowait and still counts buf_pool->stat.n_page_gets++ on a hit (row_sel_try_search_shortcut_for_mysql, row/row0sel.cc). SF 0.1 Q2.1: 27,105 such hits; with them the probes account for 141,693 of the server's 141,690. The page: cursor->page_cur.block, set by btr_cur_position before it returns true; btr_cur_t begins { dict_index_t *index; page_cur_t page_cur; } and page_cur_t is { const dict_index_t *index; rec_t *rec; ulint *offsets; buf_block_t *block; } (include/btr0cur.h, include/page0types.h), so the block is at offset 8 + 24 = 32 (read back by hand on 8.0.31: every hit's block held a page of the queried tables)",
  },
};

/**
 * MySQL 9.7 (Debian's 9.7.4, storage/innobase). Its mysqld keeps no .symtab, but exports these functions
 * in its dynamic symbol table (`nm -D`), which is where bpftrace finds them. The four page requests take
 * 8.0's arguments: their mangled names in the 9.7.4 binary are 8.0.31's, letter for letter, and
 * buf_block_t, buf_page_t and page_id_t begin as they did (include/buf0buf.h, include/buf0types.h), so
 * 8.0's layouts stand. What moved is btr_search_guess_on_hash: 8.x's rework of the adaptive hash index
 * dropped its first two arguments (the index and its search info, now read from cursor->index).
 */
const MYSQL_97: ProbeTable = {
  server: 'mysql 9.7',
  build: { version: '9.7', install: 'mysql-9.7' },
  probes: MYSQL_80.probes.map((p) => ({
    ...p,
    source: `${p.source}; 9.7.4 exports ${p.symbol.replace(/\*$/, '')}... with the same argument types`,
  })),
  latchedHashHits: {
    symbol: '_Z24btr_search_guess_on_hashPK8dtuple_tmmP9btr_cur_tmP5mtr_t',
    latchArg: 'arg4',
    cursorArg: 3,
    blockOffset: 32,
    source:
      'btr/btr0sea.cc: bool btr_search_guess_on_hash(const dtuple_t *tuple, ulint mode, ulint latch_mode, btr_cur_t *cursor, ulint has_search_latch, mtr_t *mtr) (symbol _Z24btr_search_guess_on_hashPK8dtuple_tmmP9btr_cur_tmP5mtr_t in 9.7.4): the cursor is arg3 and has_search_latch arg4, both in registers now. As in 8.0, a hit under the caller\'s search latch skips buf_page_get_known_nowait and still counts Counter::inc(buf_pool->stat.m_n_page_gets, ...) ("Increment the page get statistics though we did not really fix the page"), and a hit without it counts twice. btr_cur_t still begins { dict_index_t *index; page_cur_t page_cur; } and page_cur_t { const dict_index_t *index; rec_t *rec; ulint *offsets; buf_block_t *block; } (include/btr0cur.h, include/page0cur.h), so the block is at 8 + 24 = 32',
  },
};

/** MariaDB 11.4.5 (storage/innobase, tag mariadb-11.4.5). */
const MARIADB_114: ProbeTable = {
  server: 'mariadb 11.4',
  build: { version: '11.4.5', install: 'mariadb-11.4' },
  probes: [
    {
      name: 'buf_page_get_gen',
      symbol: '_Z16buf_page_get_gen9page_id_t*',
      at: { kind: 'packed', arg: 0 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_block_t *buf_page_get_gen(const page_id_t page_id, ulint zip_size, rw_lock_type_t rw_latch, buf_block_t *guess, ulint mode, mtr_t *mtr, dberr_t *err) calls buf_page_get_low (inlined here), which counts with buf_inc_get(stats) (++buf_pool.stat.n_page_gets); page_id_t is one uint64_t m_id = space << 32 | page_no (include/buf0types.h), passed by value in a register',
    },
    {
      name: 'buf_pool_t::page_fix',
      symbol: '_ZN10buf_pool_t8page_fixE9page_id_t*',
      at: { kind: 'packed', arg: 1 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_block_t *buf_pool_t::page_fix(const page_id_t id, dberr_t *err, page_fix_conflicts c), a member (arg0 is this), counts with buf_inc_get(stats) first',
    },
    {
      name: 'buf_page_try_get',
      symbol: '_Z16buf_page_try_get9page_id_t*',
      at: { kind: 'packed', arg: 0 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_block_t *buf_page_try_get(const page_id_t page_id, mtr_t *mtr) counts with buf_inc_get(mariadb_stats) once the latch is granted (a refused latch is not counted; the probe at entry counts it: named in the check)',
    },
    {
      name: 'buf_page_get_zip',
      symbol: '_Z16buf_page_get_zip9page_id_t*',
      at: { kind: 'packed', arg: 0 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_page_t *buf_page_get_zip(const page_id_t page_id, ulint zip_size) counts with buf_inc_get(stats) first (ROW_FORMAT=COMPRESSED pages only)',
    },
  ],
};

/**
 * MySQL 5.6.14 (storage/innobase, tag mysql-5.6.14). The argument types are the binary's own (its
 * mangled symbols); the offsets were read back from its disassembly.
 */
const MYSQL_56: ProbeTable = {
  server: 'mysql 5.6',
  build: { version: '5.6.14', install: 'mysql-5.6' },
  probes: [
    {
      name: 'buf_page_get_gen',
      symbol: '_Z16buf_page_get_genmmmmP11buf_block_tmPKcmP5mtr_t',
      at: { kind: 'split', spaceArg: 0, pageArg: 2 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_block_t* buf_page_get_gen(ulint space, ulint zip_size, ulint offset, ulint rw_latch, buf_block_t* guess, ulint mode, const char* file, ulint line, mtr_t* mtr) (symbol _Z16buf_page_get_genmmmmP11buf_block_tmPKcmP5mtr_t): space in arg0, page number (offset) in arg2; counted by buf_pool->stat.n_page_gets++ once the block is found',
    },
    {
      name: 'buf_page_optimistic_get',
      symbol: '_Z23buf_page_optimistic_getmP11buf_block_tmPKcmP5mtr_t',
      at: { kind: 'ref-pair', arg: 1 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: ibool buf_page_optimistic_get(ulint rw_latch, buf_block_t* block, ib_uint64_t modify_clock, const char* file, ulint line, mtr_t* mtr); buf_block_t begins with buf_page_t page, which begins { ib_uint32_t space; ib_uint32_t offset; unsigned state:3; ... } (include/buf0buf.h; the disassembly tests the state at block + 8); counted by buf_pool->stat.n_page_gets++ at its end',
    },
    {
      name: 'buf_page_get_known_nowait',
      symbol: '_Z25buf_page_get_known_nowaitmP11buf_block_tmPKcmP5mtr_t',
      at: { kind: 'ref-pair', arg: 1 },
      serverCounts: 2,
      source:
        'buf/buf0buf.cc: ibool buf_page_get_known_nowait(ulint rw_latch, buf_block_t* block, ulint mode, const char* file, ulint line, mtr_t* mtr); counted by buf_pool->stat.n_page_gets++ in it and again by btr_search_guess_on_hash after it ("Increment the page get statistics though we did not really fix the page", btr/btr0sea.cc)',
    },
    {
      name: 'buf_page_try_get_func',
      symbol: '_Z21buf_page_try_get_funcmmPKcmP5mtr_t',
      at: { kind: 'split', spaceArg: 0, pageArg: 1 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: const buf_block_t* buf_page_try_get_func(ulint space_id, ulint page_no, const char* file, ulint line, mtr_t* mtr); counted by buf_pool->stat.n_page_gets++ before it returns a block',
    },
    {
      name: 'buf_page_get_zip',
      symbol: '_Z16buf_page_get_zipmmm',
      at: { kind: 'split', spaceArg: 0, pageArg: 2 },
      serverCounts: 1,
      source:
        'buf/buf0buf.cc: buf_page_t* buf_page_get_zip(ulint space, ulint zip_size, ulint offset) counts buf_pool->stat.n_page_gets++ first (ROW_FORMAT=COMPRESSED pages only)',
    },
  ],
  latchedHashHits: {
    symbol: '_Z24btr_search_guess_on_hashP12dict_index_tP12btr_search_tPK8dtuple_tmmP9btr_cur_tmP5mtr_t',
    latchArg: 'sarg0',
    cursorArg: 5,
    blockOffset: 16,
    source:
      "btr/btr0sea.cc: ibool btr_search_guess_on_hash(dict_index_t* index, btr_search_t* info, const dtuple_t* tuple, ulint mode, ulint latch_mode, btr_cur_t* cursor, ulint has_search_latch, mtr_t* mtr): with has_search_latch (the 7th argument, on the stack: sarg0) it skips buf_page_get_known_nowait and still counts n_page_gets++ on a hit. btr_cur_t begins { dict_index_t* index; page_cur_t page_cur; } and 5.6's page_cur_t is { byte* rec; buf_block_t* block; } (include/page0cur.h), so the block is at 8 + 8 = 16: btr_cur_position stores rec at cursor + 0x8 and block at cursor + 0x10 in the disassembly",
  },
  threadMarker: {
    symbol: '_Z16dispatch_command19enum_server_commandP3THDPcj',
    statementArg: 2,
    source:
      "sql/sql_parse.cc: bool dispatch_command(enum enum_server_command command, THD* thd, char* packet, uint packet_length): a COM_QUERY's text in packet (arg2), run on the connection's own thread; 5.6's performance_schema.threads has no THREAD_OS_ID (added in 5.7)",
  },
};

const TABLES: ProbeTable[] = [MYSQL_80, MYSQL_97, MARIADB_114, MYSQL_56];

/** The probe table for a server (flavor and version as the capability report reads them), or null. */
export function probeTableFor(flavor: string, version: string): ProbeTable | null {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return null;
  const key = `${flavor} ${m[1]}.${m[2]}`;
  return TABLES.find((t) => t.server === key) ?? null;
}

/** The call counters a table's trace keeps: one per probe, and one for the hits under the search latch. */
export function probeCounters(table: ProbeTable): number {
  return table.probes.length + (table.latchedHashHits ? 1 : 0);
}

/** The tables of the servers bplab can trace, in order. */
export const TRACEABLE_TABLES: readonly ProbeTable[] = TABLES;

/** The versions bplab can trace, in words. */
export const TRACEABLE_SERVERS = TABLES.map((t) =>
  t.server.replace('mysql', 'MySQL').replace('mariadb', 'MariaDB'),
);
