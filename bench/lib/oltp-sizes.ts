/**
 * The OLTP workloads of bench/whatif-sizes.ts: sysbench's oltp_point_select (uniform and pareto keys)
 * and oltp_read_only (its range scans) on sbtest tables, driven by bplab's load (sysbench where it is
 * found). Each is traced once at the traced size (a restart, the warm-up, then the counted time traced:
 * LoadDriver.traceClient) and predicted from the traced step's curve, in pages read per 1,000 queries
 * at the pools the real steps had; then measured by untraced steps, a restart at each size, the same
 * warm-up, the server's Innodb_buffer_pool_reads and Questions read at the counted time's start and end,
 * `repeats` times, the sizes alternating. A load's curve replays a warm pool (the step ran after its
 * warm-up), so only the hot pass is predicted. Which clients are traced is the load's to say (its
 * curve's assumptions, printed): every client where the tracer follows them all.
 */
import { spawn } from 'node:child_process';
import { LoadClientTracer } from '../../src/main/load/client-trace';
import { LoadService } from '../../src/main/load/load-service';
import { machineProbes } from '../../src/main/pagetrace/capability';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import type { TaskRegistry } from '../../src/main/tasks/registry';
import { clientCurve } from '../../src/main/whatif/client-curve';
import type { LoadDriver, LoadSweepSpec } from '../../src/shared/load/oltp-load';
import type { SizePoint } from './sizes-points';
import type { SizesServer } from './sizes-server';

export const OLTP_WORKLOADS = {
  'point-uniform': { workload: 'point-select', distribution: 'uniform', label: 'oltp_point_select, uniform' },
  'point-pareto': { workload: 'point-select', distribution: 'pareto', label: 'oltp_point_select, pareto' },
  'read-only': { workload: 'read-only', distribution: 'uniform', label: 'oltp_read_only, uniform' },
} as const;
export type OltpName = keyof typeof OLTP_WORKLOADS;

export interface OltpOptions {
  tracedBytes: number;
  multiples: number[];
  repeats: number;
  tables: number;
  rows: number;
  clients: number;
  warmupSeconds: number;
  seconds: number;
  log: (line: string) => void;
}

/** One step of `name`'s load on the server as it is; answers its pages read per 1,000 queries, and its curve when traced. */
async function step(
  server: SizesServer,
  name: OltpName,
  opts: OltpOptions,
  traceAtBytes: number[] | null,
): Promise<{
  perThousand: number;
  curve: Array<{ poolBytes: number; perThousandQueries: number }> | null;
  words: string[];
}> {
  const w = OLTP_WORKLOADS[name];
  const info = server.info;
  const loads = new LoadService({
    connections: server.connections,
    profiles: server.profiles,
    secrets: new SessionSecretStore(),
    // measure() runs within the caller's job: it starts no task of its own.
    tasks: undefined as unknown as TaskRegistry,
    dataDir: server.dataDir,
    bplabVersion: 'bench',
    ...(process.env.BPLAB_LOAD_WORKER ? { workerFile: process.env.BPLAB_LOAD_WORKER } : {}),
    ...(traceAtBytes
      ? {
          clientTracer: new LoadClientTracer({
            probes: machineProbes(),
            spawn,
            binaryOf: async () => info.binaryPath,
            datadirOf: async () => info.datadir,
            curveOf: clientCurve,
            points: 4,
            alsoAtBytes: traceAtBytes,
          }),
        }
      : {}),
  });
  const spec: LoadSweepSpec = {
    schema: 'sbtest',
    tables: opts.tables,
    rows: opts.rows,
    workload: w.workload,
    distribution: w.distribution,
    rangeSize: 100,
    protocol: 'prepared',
    clients: [opts.clients],
    seconds: opts.seconds,
    warmupSeconds: opts.warmupSeconds,
    ceilingSeconds: 0,
  };
  let at: { reads: number; questions: number } | null = null;
  let end: { reads: number; questions: number } | null = null;
  const driver: LoadDriver = traceAtBytes ? { traceClient: true } : {};
  const { result } = await loads.measure(
    info.profileId,
    undefined,
    spec,
    { signal: new AbortController().signal, progress: () => {} },
    {
      atCounted: async () => void (at = await server.counters()),
      afterCounted: async () => void (end = await server.counters()),
    },
    process.env.BPLAB_LOAD_WORKER,
    driver,
  );
  const s = result.steps[0];
  if (!s || s.state !== 'complete' || !at || !end)
    throw new Error(`${w.label}: the step did not complete (${s?.reason ?? result.state})`);
  const a = at as { reads: number; questions: number };
  const b = end as { reads: number; questions: number };
  const perThousand = ((b.reads - a.reads) * 1000) / Math.max(1, b.questions - a.questions);
  if (!traceAtBytes) return { perThousand, curve: null, words: [] };
  const t = s.clientTrace;
  if (!t || 'unavailable' in t)
    throw new Error(`${w.label}: the step's trace is not available: ${t ? t.unavailable : 'not asked'}`);
  return { perThousand, curve: t.curve, words: t.assumptions };
}

export async function oltpPoints(
  server: SizesServer,
  name: OltpName,
  opts: OltpOptions,
): Promise<SizePoint[]> {
  const label = OLTP_WORKLOADS[name].label;
  // Measured first, so the trace's curve is asked at the pools the real steps had.
  const measured = new Map<number, { pool: number; perThousand: number[] }>();
  for (let rep = 1; rep <= opts.repeats; rep++)
    for (const m of opts.multiples) {
      const pool = await server.restartAt(m * opts.tracedBytes);
      const { perThousand } = await step(server, name, opts, null);
      const had = measured.get(m) ?? { pool, perThousand: [] };
      had.perThousand.push(perThousand);
      measured.set(m, had);
      opts.log(
        `measured ${label} at ${m}× (${(pool / 1048576).toFixed(0)} MiB), repeat ${rep} of ${opts.repeats}: ${perThousand.toFixed(1)} pages per 1,000 queries`,
      );
    }
  const pools = opts.multiples.map((m) => measured.get(m)!.pool);
  await server.restartAt(opts.tracedBytes);
  const traced = await step(server, name, opts, pools);
  opts.log(
    `traced ${label} at 1×: ${traced.perThousand.toFixed(1)} pages per 1,000 queries; ${traced.words.join('; ')}`,
  );
  const serverName = `${server.info.flavor} ${server.info.version.split('-')[0]}`;
  return opts.multiples.map((m, i): SizePoint => {
    const point = traced.curve?.find((p) => p.poolBytes === pools[i]);
    return {
      workload: label,
      server: serverName,
      pass: 'hot',
      multiple: m,
      poolBytes: pools[i]!,
      unit: 'pages per 1,000 queries',
      predicted: point ? point.perThousandQueries : null,
      measured: measured.get(m)!.perThousand,
      planChanged: null,
      planRisk: false,
      ...(point ? {} : { note: 'the curve has no point at this pool' }),
    };
  });
}
