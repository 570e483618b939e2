/**
 * The bpftrace program for a trace: a uprobe on each of the server's page-request functions
 * (probes.ts), each request of every server thread kept as (space, page, time) under its thread.
 * Consecutive requests of the same page by one thread are folded in BPF (each thread's last page kept
 * in a map) into one record with a count. Records stay in BPF maps while the query runs and are
 * printed when bpftrace ends (its END), after the timed part: printing each one as it happens took the
 * run 9 times longer here (MySQL 8.0.31, Q1.1 at SF 0.1: 25.6 s against 2.9 s), keeping them in maps
 * 2.4 times (12.4 s against 5.2 s).
 *
 * Every thread of the server's process, not only the run's (the uprobes fire in every process that
 * runs the binary: another sandbox of the same server is left out by its pid): the check against the
 * server's global counter then sees every request it counts, bplab's own poller and control connection
 * and the server's background threads included, each told apart by its thread (a run traced on its
 * own thread alone came 1.9-2.2% short with the poller on), and a load traces all of its clients,
 * whose threads are known only once they connect. Each thread keeps its own sequence, last page and records (keyed by thread id): a BPF
 * program runs on one CPU without preemption, so one thread's entries are never written from two CPUs
 * at once, where one shared sequence would lose records between a load's clients. Attaching this
 * program took the same 7 s as the one-thread program with 2 million records (MySQL 8.0.31, bpftrace 0.17).
 */
import type { PageIdAt, ProbeTable } from './probes';

/** bpftrace's expression for the 64-bit id `space << 32 | page` from a probe's arguments. */
function pageKey(at: PageIdAt): string {
  switch (at.kind) {
    case 'ref-pair':
      return `((uint64)*(uint32*)arg${at.arg} << 32) | (uint64)*(uint32*)(arg${at.arg} + 4)`;
    case 'packed':
      return `(uint64)arg${at.arg}`;
    case 'split':
      return `((uint64)(arg${at.spaceArg} & 0xffffffff) << 32) | (uint64)(arg${at.pageArg} & 0xffffffff)`;
  }
}

/**
 * Its output at the end, per thread `tid`: `@rec[tid, i]: (space<<32|page, ns)`, `@cnt[tid, i]: n`
 * (the requests, plus LATCHED_BIT for a latched hit's and EXTRA_UNIT for each request the server
 * counts twice), `@hits[probe, tid]: calls`, `@seq[tid]: records`. bpftrace prints a map again as it
 * exits, emptied by END's clear (a count as `@hits[i, tid]: 0`): only each key's first line counts.
 */
export const REC_LINE = /^@rec\[(\d+), (\d+)\]: \((\d+), (\d+)\)$/;
export const CNT_LINE = /^@cnt\[(\d+), (\d+)\]: (\d+)$/;
export const HITS_LINE = /^@hits\[(\d+), (\d+)\]: (\d+)$/;
export const SEQ_LINE = /^@seq\[(\d+)\]: (\d+)$/;
/** Printed once every probe is attached (BEGIN runs after attaching). */
export const READY_LINE = 'BPLAB-TRACE-READY';

/**
 * The records a trace can hold (BPFTRACE_MAP_KEYS_MAX); more are counted in @seq but lost. bpftrace
 * allocates its maps whole as it attaches: 8 million took 42 s against 9 s for the default here (a
 * loaded machine), past a 60 s attach limit when two traces started at once.
 */
export const MAX_RECORDS = 2_000_000;

/**
 * A latched adaptive-hash hit's record has this bit set in its count (@cnt): btr0sea.cc,
 * btr_search_guess_on_hash, neither makes its page young nor sets its access time under the search
 * latch (`if (!has_search_latch && buf_page_peek_if_too_old(...))`), where every other request does.
 * A bit of the count rather than a map of its own: BPF allocates each map whole as bpftrace attaches.
 */
export const LATCHED_BIT = 2 ** 31;

/**
 * Each request of a record that the server counts twice (MySQL's buf_page_get_known_nowait, probes.ts
 * serverCounts 2) adds this to its count (@cnt) besides the request itself: the check against the
 * server's counter then weighs each record's requests by their probes, within any stretch of time.
 */
export const EXTRA_UNIT = 2 ** 32;

/**
 * The folding body: one request of page `$k` by thread `tid`, counted as probe `index`'s call, which
 * the server counts `serverCounts` times. With `kinds` (a table with latched hits), a latched hit and
 * another request of the same page are not folded together.
 */
function recordRequest(
  index: number,
  indent: string,
  kinds: boolean,
  serverCounts: number,
  latched = false,
): string {
  const kind = latched ? 1 : 0;
  const add = 1 + (serverCounts - 1) * EXTRA_UNIT;
  return `${indent}@hits[${index}, tid] = count();
${indent}if (@seq[tid] > 0 && @last[tid] == $k${kinds ? ` && @lastKind[tid] == ${kind}` : ''}) {
${indent}  @cnt[tid, @seq[tid] - 1] = @cnt[tid, @seq[tid] - 1] + ${add};
${indent}} else {
${indent}  @rec[tid, @seq[tid]] = ($k, nsecs);
${indent}  @cnt[tid, @seq[tid]] = ${latched ? `${LATCHED_BIT} + ${add}` : add};
${indent}  @last[tid] = $k;
${
  kinds
    ? `${indent}  @lastKind[tid] = ${kind};
`
    : ''
}${indent}  @seq[tid] = @seq[tid] + 1;
${indent}}`;
}

/**
 * The program for `binary`'s table, recording every thread of process `pid`. The latched adaptive-hash
 * hits are probe number `table.probes.length` in @hits: their entry saves the latch and cursor
 * arguments per thread, their return (on a hit) places the page the cursor was left on.
 */
export function bpftraceProgram(binary: string, table: ProbeTable, pid: number): string {
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`not a process id: ${pid}`);
  if (/[\s:"]/.test(binary))
    throw new Error(`bpftrace cannot attach to a path with spaces or colons: ${binary}`);
  const ahi = table.latchedHashHits;
  const probes = table.probes.map(
    (p, i) => `// ${p.name}
uprobe:${binary}:${p.symbol} /pid == ${pid}/ {
  $k = ${pageKey(p.at)};
${recordRequest(i, '  ', !!ahi, p.serverCounts)}
}`,
  );
  if (ahi)
    probes.push(`// adaptive-hash hits under the search latch: the page the cursor was left on
uprobe:${binary}:${ahi.symbol} /pid == ${pid}/ { @latched[tid] = ${ahi.latchArg}; @cursor[tid] = arg${ahi.cursorArg}; }
uretprobe:${binary}:${ahi.symbol} /pid == ${pid}/ {
  if ((retval & 0xff) != 0 && @latched[tid] != 0) {
    $b = *(uint64*)(@cursor[tid] + ${ahi.blockOffset});
    $k = ${pageKey({ kind: 'ref-pair', arg: 0 }).replaceAll('arg0', '$b')};
${recordRequest(table.probes.length, '    ', true, 1, true)}
  }
}`);
  return `BEGIN { printf("${READY_LINE}\\n"); }
${probes.join('\n')}
END {
  print(@seq);
  print(@hits);
  print(@rec);
  print(@cnt);
  clear(@hits); clear(@rec); clear(@cnt); clear(@last); clear(@seq);${ahi ? ' clear(@lastKind); clear(@latched); clear(@cursor);' : ''}
}
`;
}
