/**
 * Whether bplab can trace a server's page requests, and why not in words: a version without a probe
 * table, a binary without its symbols (Debian's mariadbd is stripped), bplab not running as root, no
 * bpftrace, or a kernel without uprobes. Each check is a dependency, so a test can stand in for one.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Capability } from '../../shared/models';
import { symbolsPresent } from './elf-symbols';
import { probeTableFor, TRACEABLE_SERVERS, TRACEABLE_TABLES, type ProbeTable } from './probes';

export interface PageTraceProbes {
  /** The effective user id bplab runs as (attaching uprobes takes root). */
  uid(): number;
  /** The bpftrace to run, or null when none is on the PATH. */
  bpftrace(): string | null;
  /** Whether the kernel offers uprobes (a perf event source named uprobe). */
  kernelUprobes(): boolean;
  /** Which symbol prefixes the binary names. */
  symbols(binary: string, prefixes: readonly string[]): Promise<Set<string>>;
}

/** The first executable `name` on `path` (a PATH value). */
export function onPath(name: string, path: string | undefined): string | null {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The checks on this machine, with the PATH given (the process's own by default). */
export function machineProbes(path = process.env.PATH): PageTraceProbes {
  return {
    uid: () => process.geteuid?.() ?? -1,
    bpftrace: () => onPath('bpftrace', path),
    kernelUprobes: () => existsSync('/sys/bus/event_source/devices/uprobe'),
    symbols: symbolsPresent,
  };
}

/**
 * The next step where this server cannot be traced: which servers can, and how to make one. The
 * builds install-deps.sh fetches keep their symbols (Debian's mariadbd does not).
 */
export function traceableWords(): string {
  const or = (xs: readonly string[]) => `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;
  const builds = TRACEABLE_TABLES.map(
    (t) => `${t.server.split(' ')[0] === 'mysql' ? 'MySQL' : 'MariaDB'} ${t.build.version}`,
  );
  const installs = [...new Set(TRACEABLE_TABLES.map((t) => t.build.install))].join(' ');
  return (
    `bplab traces a sandbox of ${or(TRACEABLE_SERVERS)} from a build that keeps its symbols, with bplab running as root: ` +
    'create one on the Sandboxes screen (or `bplab sandbox create NAME --binary PATH`) from the ' +
    `${or(builds)} that \`bash scripts/install-deps.sh ${installs}\` puts under ~/.cache/bplab/servers`
  );
}

/** What a traced run needs, ready: the probe table and the bpftrace to run. */
export type PageTraceReady = { ok: true; table: ProbeTable; bpftrace: string } | { ok: false; why: string };

/** Checks every need, the server's first; the first missing one is the answer. */
export async function pageTraceReadiness(
  probes: PageTraceProbes,
  server: { flavor: string; version: string },
  binary: string | null,
): Promise<PageTraceReady> {
  const table = probeTableFor(server.flavor, server.version);
  if (!table)
    return {
      ok: false,
      why: `bplab does not know where ${server.flavor} ${server.version} asks for pages. ${traceableWords()}`,
    };
  if (!binary)
    return {
      ok: false,
      why: `the server is not a bplab sandbox on this machine, so bplab cannot attach to its binary. ${traceableWords()}`,
    };
  let names: Set<string>;
  try {
    names = await probes.symbols(
      binary,
      table.probes.map((p) => p.symbol.replace(/\*$/, '')),
    );
  } catch (e) {
    return { ok: false, why: `bplab cannot read the server's binary ${binary}: ${(e as Error).message}` };
  }
  const missing = table.probes.filter(
    (p) => p.name === 'buf_page_get_gen' && !names.has(p.symbol.replace(/\*$/, '')),
  );
  if (missing.length > 0 || names.size === 0)
    return {
      ok: false,
      why: `the server's binary ${binary} has no symbols (it was stripped), so bpftrace cannot find buf_page_get_gen in it. ${traceableWords()}`,
    };
  if (probes.uid() !== 0)
    return {
      ok: false,
      why: 'bplab is not running as root: attaching probes to the server takes root (start bplab with sudo)',
    };
  const bpftrace = probes.bpftrace();
  if (!bpftrace)
    return {
      ok: false,
      why: "bpftrace is not installed (scripts/install-deps.sh installs Debian's bpftrace)",
    };
  if (!probes.kernelUprobes())
    return { ok: false, why: 'the kernel offers no uprobes (no /sys/bus/event_source/devices/uprobe)' };
  return { ok: true, table, bpftrace };
}

/** The capability report's line. */
export async function pageTraceCapability(
  probes: PageTraceProbes,
  server: { flavor: string; version: string },
  binary: string | null,
): Promise<Capability> {
  const base = { id: 'page-trace', label: 'Page trace (bpftrace on the server binary)' } as const;
  const ready = await pageTraceReadiness(probes, server, binary);
  if (ready.ok)
    return {
      ...base,
      status: 'yes',
      detail: `page trace: available (${ready.table.probes.length} probes: ${ready.table.probes.map((p) => p.name).join(', ')})`,
      blocks: '',
    };
  return {
    ...base,
    status: 'no',
    detail: `page trace: unavailable: ${ready.why}`,
    blocks:
      "A run cannot record the server's own page requests, so the what-if replays only the trace derived from an SSB query's plan.",
  };
}
