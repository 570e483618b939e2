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

/** Its output at the end: `@rec[i]: (space<<32|page, ns)`, `@cnt[i]: n`, `@hits[probe]: calls`, `@seq: records`. */
export const REC_LINE = /^@rec\[(\d+)\]: \((\d+), (\d+)\)$/;
export const CNT_LINE = /^@cnt\[(\d+)\]: (\d+)$/;
export const HITS_LINE = /^@hits\[(\d+)\]: (\d+)$/;
export const SEQ_LINE = /^@seq: (\d+)$/;
export const AHI_LINE = /^@ahi: (\d+)$/;
/** Printed once every probe is attached (BEGIN runs after attaching). */
export const READY_LINE = 'BPLAB-TRACE-READY';

/** The records a trace can hold (BPFTRACE_MAP_KEYS_MAX); more are counted in @seq but lost. */
export const MAX_RECORDS = 8_000_000;

/** The program for `binary`'s table, recording thread `tid` only. */
export function bpftraceProgram(binary: string, table: ProbeTable, tid: number): string {
  if (!Number.isInteger(tid) || tid <= 0) throw new Error(`not a thread id: ${tid}`);
  if (/[\s:"]/.test(binary))
    throw new Error(`bpftrace cannot attach to a path with spaces or colons: ${binary}`);
  const probes = table.probes.map(
    (p, i) => `// ${p.name}
uprobe:${binary}:${p.symbol} /tid == ${tid}/ {
  $k = ${pageKey(p.at)};
  @hits[${i}] = count();
  if (@seq > 0 && @last == $k) {
    @cnt[@seq - 1] = @cnt[@seq - 1] + 1;
  } else {
    @rec[@seq] = ($k, nsecs);
    @cnt[@seq] = 1;
    @last = $k;
    @seq = @seq + 1;
  }
}`,
  );
  const ahi = table.latchedHashHits;
  if (ahi)
    probes.push(`// adaptive-hash hits under the search latch: counted, not placed
uprobe:${binary}:${ahi.symbol} /tid == ${tid}/ { @latched[tid] = sarg0; }
uretprobe:${binary}:${ahi.symbol} /tid == ${tid}/ {
  if ((retval & 0xff) != 0) { if (@latched[tid] != 0) { @ahi = count(); } }
}`);
  return `BEGIN { printf("${READY_LINE}\\n"); }
${probes.join('\n')}
END {
  print(@seq);
  print(@hits);
${ahi ? '  print(@ahi);' : ''}
  print(@rec);
  print(@cnt);
  clear(@hits); clear(@rec); clear(@cnt); clear(@last); clear(@seq);${ahi ? ' clear(@ahi); clear(@latched);' : ''}
}
`;
}
