/**
 * Which engine drives a load: sysbench (1.x) wherever it is found, on the tables bplab prepared, with
 * its own oltp_point_select and oltp_read_only; bplab's own Node engine where it is missing (a Mac
 * without it, Windows), when asked for, or when this connection is one sysbench is not given (TLS).
 * Both answer the same StepMeasure, so the sweep, its result and the screen are one model; the result
 * says which engine drove it.
 */
import type { LoadDriver, LoadEngine, LoadSweepSpec } from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import { runStep, type StepMeasure, type StepRequest } from './load-step';
import { findSysbench } from './sysbench-find';
import { SYSBENCH_1_0_SCALE, bucketWidth } from './sysbench-histogram';
import { runSysbenchStep, sysbenchCannotUse } from './sysbench-step';
import type { WorkerConnection } from './worker-protocol';

export interface ChosenEngine {
  engine: LoadEngine;
  run(req: StepRequest): Promise<StepMeasure>;
}

export const BPLAB_ENGINE_LATENCY =
  'per statement, from an HDR histogram at 3 significant digits (buckets 0.1% wide)';

function sysbenchLatency(version: string, spec: Pick<LoadSweepSpec, 'workload'>): string {
  const width = (bucketWidth(SYSBENCH_1_0_SCALE) * 100).toFixed(1);
  const per =
    spec.workload === 'read-only'
      ? "per event (one read-only transaction's 16 statements)"
      : 'per point select';
  return `${per}, from sysbench ${version}'s own histogram: 1,024 logarithmic buckets from 0.001 ms to 100 s, each ${width}% wide`;
}

function bplabEngine(why: string): ChosenEngine {
  return {
    engine: { name: 'bplab', version: null, latency: BPLAB_ENGINE_LATENCY, why },
    run: runStep,
  };
}

export async function chooseEngine(
  spec: LoadDriver & Pick<LoadSweepSpec, 'workload'>,
  connection: WorkerConnection,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChosenEngine> {
  if (spec.engine === 'bplab') return bplabEngine("bplab's own engine was asked for.");
  const found = await findSysbench(spec.sysbenchPath, env);
  const asked = spec.engine === 'sysbench';
  if (found && 'problem' in found)
    throw AppFailure.of('INVALID_ARGUMENT', found.problem, {
      hint: 'Give the path of sysbench 1.x, or leave the path empty to use sysbench on PATH.',
    });
  if (!found) {
    if (asked)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        'sysbench was asked to drive the load, but it is not installed.',
        {
          hint: 'Install sysbench 1.0 (scripts/install-deps.sh does), or pick its path.',
        },
      );
    return bplabEngine('sysbench 1.x was not found on PATH.');
  }
  const cannot = sysbenchCannotUse(connection);
  if (cannot) {
    if (asked) throw AppFailure.of('INVALID_ARGUMENT', `sysbench cannot drive this load: ${cannot}.`);
    return bplabEngine(`sysbench ${found.version} is installed, but ${cannot}.`);
  }
  return {
    engine: {
      name: 'sysbench',
      version: found.version,
      latency: sysbenchLatency(found.version, spec),
      why: null,
    },
    run: (req) =>
      runSysbenchStep({
        sysbench: found,
        connection: req.connection,
        mix: req.mix,
        protocol: req.protocol,
        clients: req.clients,
        warmupSeconds: req.warmupSeconds,
        seconds: req.seconds,
        signal: req.signal,
        atCounted: req.atCounted,
        onSecond: req.onSecond,
      }),
  };
}
