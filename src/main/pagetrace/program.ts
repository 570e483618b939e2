/**
 * The bpftrace program for one traced run: a uprobe on each of the server's page-request functions
 * (probes.ts), filtered to the run's own thread, each request kept as (space, page, time). Consecutive
 * requests of the same page are folded in BPF (the last page kept in a map) into one record with a
 * count. Records stay in BPF maps while the query runs and are printed when bpftrace ends (its END),
 * after the timed part: printing each one as it happens took the run 9 times longer here (MySQL 8.0.31,
 * Q1.1 at SF 0.1: 25.6 s against 2.9 s), keeping them in maps 2.4 times (12.4 s against 5.2 s).
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
 * Its output at the end: `@rec[i]: (space<<32|page, ns)`, `@cnt[i]: n` (plus LATCHED_BIT for a latched hit's), `@hits[probe]: calls`, `@seq: records`.
 * bpftrace prints a map again as it exits, emptied by END's clear (a count as `@hits[i]: 0`): only
 * each key's first line counts.
 */
export const REC_LINE = /^@rec\[(\d+)\]: \((\d+), (\d+)\)$/;
export const CNT_LINE = /^@cnt\[(\d+)\]: (\d+)$/;
export const HITS_LINE = /^@hits\[(\d+)\]: (\d+)$/;
export const SEQ_LINE = /^@seq: (\d+)$/;
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
 * The folding body: one request of page `$k`, counted as probe `index`'s call. With `kinds` (a table
 * with latched hits), a latched hit and another request of the same page are not folded together.
 */
function recordRequest(index: number, indent: string, kinds: boolean, latched = false): string {
  const kind = latched ? 1 : 0;
  return `${indent}@hits[${index}] = count();
${indent}if (@seq > 0 && @last == $k${kinds ? ` && @lastKind == ${kind}` : ''}) {
${indent}  @cnt[@seq - 1] = @cnt[@seq - 1] + 1;
${indent}} else {
${indent}  @rec[@seq] = ($k, nsecs);
${indent}  @cnt[@seq] = ${latched ? `${LATCHED_BIT} + 1` : '1'};
${indent}  @last = $k;
${
  kinds
    ? `${indent}  @lastKind = ${kind};
`
    : ''
}${indent}  @seq = @seq + 1;
${indent}}`;
}

/**
 * The program for `binary`'s table, recording thread `tid` only. The latched adaptive-hash hits are
 * probe number `table.probes.length` in @hits: their entry saves the latch and cursor arguments per
 * thread, their return (on a hit) places the page the cursor was left on.
 */
export function bpftraceProgram(binary: string, table: ProbeTable, tid: number): string {
  if (!Number.isInteger(tid) || tid <= 0) throw new Error(`not a thread id: ${tid}`);
  if (/[\s:"]/.test(binary))
    throw new Error(`bpftrace cannot attach to a path with spaces or colons: ${binary}`);
  const ahi = table.latchedHashHits;
  const probes = table.probes.map(
    (p, i) => `// ${p.name}
uprobe:${binary}:${p.symbol} /tid == ${tid}/ {
  $k = ${pageKey(p.at)};
${recordRequest(i, '  ', !!ahi)}
}`,
  );
  if (ahi)
    probes.push(`// adaptive-hash hits under the search latch: the page the cursor was left on
uprobe:${binary}:${ahi.symbol} /tid == ${tid}/ { @latched[tid] = ${ahi.latchArg}; @cursor[tid] = arg${ahi.cursorArg}; }
uretprobe:${binary}:${ahi.symbol} /tid == ${tid}/ {
  if ((retval & 0xff) != 0 && @latched[tid] != 0) {
    $b = *(uint64*)(@cursor[tid] + ${ahi.blockOffset});
    $k = ${pageKey({ kind: 'ref-pair', arg: 0 }).replaceAll('arg0', '$b')};
${recordRequest(table.probes.length, '    ', true, true)}
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
