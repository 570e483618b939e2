/**
 * `bplab whatif LOAD.json --step N`: a traced load step's clients replayed again from their trace (kept
 * beside the load's result, loads/traces/…) over the page links of the sandbox's files, as the step
 * replayed them when it ran: what was traced, the trace's check, the replay at the load's own pool
 * against what the step measured, and the curve in pages read per 1,000 queries.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadResult } from '../../shared/load/oltp-load';
import { clientTraceLines } from '../../shared/load/load-client-trace';
import { AppFailure } from '../../shared/result';
import { wrapLines } from '../../shared/text-wrap';
import type { ClientCurveInput } from '../load/client-trace';
import type { SimulatorSettings } from '../../shared/whatif/pool-model';
import { readPageTrace } from '../pagetrace/trace-file';
import type { App } from '../app';
import type { CliIo } from './command';
import { cliReplay } from './replay';

/** The pool settings a step kept (a plain record in the load's file), checked before the simulator takes them. */
function settingsOf(kept: Record<string, unknown>, step: number): SimulatorSettings {
  const numeric = ['poolPages', 'instances', 'oldBlocksPct', 'oldBlocksTimeMs', 'readAheadThreshold'];
  if (
    numeric.some((k) => typeof kept[k] !== 'number') ||
    (kept.flavor !== 'mysql' && kept.flavor !== 'mariadb')
  )
    throw AppFailure.of(
      'FILE_MALFORMED',
      `step ${step}'s kept pool settings are not whole: the load file may be damaged`,
    );
  return kept as unknown as SimulatorSettings;
}

/** The step's trace replayed at `sizes` (bytes; the curve's own range when absent), printed. */
export async function whatifLoadStep(
  app: App,
  io: CliIo,
  load: LoadResult,
  path: string,
  stepNumber: number,
  opts: { sizes?: number[]; points: number; dataDir: string },
): Promise<number> {
  const step = load.steps[stepNumber - 1];
  if (!step)
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `--step ${stepNumber}: ${path} has ${load.steps.length} step(s) (${load.steps.map((s, i) => `${i + 1}: ${s.clients} clients`).join(', ')})`,
    );
  const t = step.clientTrace;
  if (!t)
    throw AppFailure.of(
      'FEATURE_MISSING',
      `step ${stepNumber} (${step.clients} clients) was not traced: run the load with --trace-client`,
    );
  if ('unavailable' in t)
    throw AppFailure.of('FEATURE_MISSING', `step ${stepNumber} has no trace to replay: ${t.unavailable}`);
  if (!t.file || !t.settings || !t.pageSizeBytes)
    throw AppFailure.of(
      'FEATURE_MISSING',
      `step ${stepNumber} was traced before bplab kept a step's trace beside its load, so it cannot be replayed again`,
    );
  const besides = [join(dirname(path), t.file), join(opts.dataDir, 'loads', t.file)];
  const file = besides.find((f) => existsSync(f));
  if (!file)
    throw AppFailure.of(
      'NOT_FOUND',
      `the step's page trace ${t.file} is neither beside ${path} nor in bplab's loads folder`,
    );
  const datadir = await app.whatifSources.datadirOf(load.server.profileId);
  if (!datadir)
    throw AppFailure.of(
      'FEATURE_MISSING',
      "the load's server is not a bplab sandbox on this machine now, so its data files cannot be read",
    );
  const input: ClientCurveInput = {
    stored: readPageTrace(file),
    datadir,
    pageSizeBytes: t.pageSizeBytes,
    settings: settingsOf(t.settings, stepNumber),
    ...(t.startup ? { startup: t.startup } : {}),
    elapsedMs: t.seconds * 1000,
    queries: t.queries,
    clients: t.clientsTraced ?? 1,
    points: opts.points,
    alsoAtBytes: [t.ownPoolBytes, ...(opts.sizes ?? [])],
    ...(opts.sizes ? { sizesOnly: true } : {}),
  };
  const simulator = cliReplay(io);
  const curve = await simulator.run({ kind: 'load-step', input }).finally(() => simulator.close());
  io.out(
    `step ${stepNumber}: ${step.clients} clients, ${load.spec.workload} on ${load.spec.schema} (${load.server.version})`,
  );
  for (const line of clientTraceLines({ ...step, clientTrace: { ...t, ...curve } }))
    io.out(wrapLines(line, { hang: 4 }));
  return 0;
}
