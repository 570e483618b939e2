/**
 * The OLTP load as one task: prepare the sbtest tables that are missing (reuse those present), then
 * run the sweep step by step, each with its SELECT 1 ceiling, and save the result in the data folder
 * (loads/) in the shared LoadResult form. A step that did not complete (the server went away, a
 * cancel) ends the sweep with what was measured kept.
 */
import { loadStepsWords } from '../../shared/load/load-live';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  LOAD_RESULT_KIND,
  LoadSweepSpecSchema,
  type LoadResult,
  type LoadSecond,
  type LoadStep,
  type LoadStepState,
  type LoadDriver,
  type LoadSweepInput,
  type LoadSweepSpec,
} from '../../shared/load/oltp-load';
import { AppFailure } from '../../shared/result';
import type { ConnectionService, ServerConnection } from '../db/connections';
import { sslOptions } from '../db/connections';
import { writeFileAtomic } from '../files/atomic-file';
import type { ProfileStore } from '../profiles/profile-store';
import type { SecretStore } from '../profiles/secrets';
import type { TaskRegistry, StartedTask } from '../tasks/registry';
import { stepTraceFile, type LoadClientTracer } from './client-trace';
import { checkConnectionRoom } from './connection-room';
import { chooseEngine, type ChosenEngine } from './load-engine';
import { defaultThreads, type StepMeasure, type StepRequest } from './load-step';
import { prepareSbtest } from './sbtest-prepare';
import { watchStep } from './step-watch';
import type { WorkerConnection } from './worker-protocol';

export interface LoadServiceDeps {
  connections: ConnectionService;
  profiles: ProfileStore;
  secrets: SecretStore;
  tasks: TaskRegistry;
  dataDir: string;
  bplabVersion: string;
  /** The built worker thread; BPLAB_LOAD_WORKER or load-worker.cjs beside this bundle by default. */
  workerFile?: string;
  /** Every load's seconds and steps as they come (app.ts: the 'load/second' and 'load/step' events). */
  onSecond?: (e: { taskId: string; clients: number; second: LoadSecond }) => void;
  onStep?: (e: { taskId: string; step: LoadStep }) => void;
  /** A started load's result saved in loads/ (app.ts: the recent files, where Compare offers it). */
  onSaved?: (file: string) => void;
  /**
   * Samples the buffer pool while the load runs, for the live view (app.ts: the live poller, its
   * samples as 'runs/sample' under loadLiveRunId(taskId)); stop() ends it. A watch that cannot start
   * leaves the load running without it.
   */
  watchPool?: (
    profileId: string,
    password: string | undefined,
    taskId: string,
  ) => Promise<{ stop(): Promise<unknown> }>;
  /** Traces every client of each step when the load asks (LoadDriver.traceClient). */
  clientTracer?: LoadClientTracer;
}

export interface LoadHooks {
  /** Before each step starts, warm-up included (a test reads the server's counters here). */
  beforeStep?: (clients: number) => Promise<void>;
  /** Before each step's counted time (a test reads the server's counters here). */
  atCounted?: (clients: number) => Promise<void>;
  /** Right after each step's counted time, before its ceiling runs. */
  afterCounted?: (clients: number) => Promise<void>;
  onStep?: (step: LoadStep) => void;
  onSecond?: (clients: number, second: LoadSecond) => void;
}

/** The file name the build gives the worker, beside the bundle that starts it. */
export const LOAD_WORKER_FILE = 'load-worker.cjs';

export function loadWorkerFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BPLAB_LOAD_WORKER) return resolve(env.BPLAB_LOAD_WORKER);
  const beside = typeof __dirname === 'undefined' ? '' : join(__dirname, LOAD_WORKER_FILE);
  if (beside && existsSync(beside)) return beside;
  throw AppFailure.of('INTERNAL', "The load engine's worker thread is not built.", {
    hint: 'Run npm run build (or point BPLAB_LOAD_WORKER at a built load-worker.cjs).',
  });
}

export class LoadService {
  constructor(private readonly deps: LoadServiceDeps) {}

  /** Checks the spec, then starts the load as a task and answers at once. */
  start(
    profileId: string,
    password: string | undefined,
    input: LoadSweepInput,
    hooks: LoadHooks = {},
    driver: LoadDriver = {},
  ): StartedTask<LoadResult> {
    const started = this.startSaved(profileId, password, input, hooks, driver);
    const result = started.result.then((r) => r.result);
    // A caller that wants only the task id (the contract's load/start) leaves this unawaited.
    result.catch(() => {});
    return { taskId: started.taskId, result };
  }

  /** The load as a task whose value is its result and the file it was saved in (tasks/wait's answer). */
  private startSaved(
    profileId: string,
    password: string | undefined,
    input: LoadSweepInput,
    hooks: LoadHooks,
    driver: LoadDriver,
  ): StartedTask<{ result: LoadResult; file: string }> {
    const parsed = LoadSweepSpecSchema.safeParse(input);
    if (!parsed.success) {
      const at = parsed.error.issues[0]?.path.join('.') ?? '';
      throw AppFailure.of('INVALID_ARGUMENT', `The load's ${at || 'settings'} are not valid.`);
    }
    const spec = parsed.data;
    const workerFile = this.deps.workerFile ?? loadWorkerFile();
    const profile = this.deps.profiles.get(profileId);
    return this.deps.tasks.start(
      {
        kind: 'oltp-load',
        title: `${spec.workload} load on ${spec.schema} (${spec.clients.join(', ')} clients)`,
        profileId,
        schema: spec.schema,
        sandboxId: profile.sandboxId ?? null,
      },
      async (ctx) => {
        const watch = await this.deps.watchPool?.(profileId, password, ctx.taskId).catch(() => null);
        try {
          const all: LoadHooks = {
            ...hooks,
            onSecond: (clients, second) => {
              hooks.onSecond?.(clients, second);
              this.deps.onSecond?.({ taskId: ctx.taskId, clients, second });
            },
            onStep: (step) => {
              hooks.onStep?.(step);
              this.deps.onStep?.({ taskId: ctx.taskId, step });
            },
          };
          const measured = await this.measure(profileId, password, spec, ctx, all, workerFile, driver);
          const file = join(this.deps.dataDir, 'loads', measured.file);
          this.deps.onSaved?.(file);
          return { result: measured.result, file };
        } finally {
          await watch?.stop().catch(() => {});
        }
      },
      {
        done: ({ result: r }) => ({
          message: loadStepsWords(r),
        }),
      },
    );
  }

  /**
   * The sweep within a job that is already a task (an experiment's configuration): tables prepared when
   * missing, the steps run, the result saved in loads/; answers the result and its file's name there.
   */
  async measure(
    profileId: string,
    password: string | undefined,
    spec: LoadSweepSpec,
    ctx: Parameters<LoadService['sweep']>[5],
    hooks: LoadHooks = {},
    workerFile: string = this.deps.workerFile ?? loadWorkerFile(),
    driver: LoadDriver = {},
  ): Promise<{ result: LoadResult; file: string }> {
    const control = await this.deps.connections.open(profileId, {
      ...(password !== undefined ? { password } : {}),
      localInfile: true,
    });
    try {
      const result = await this.sweep(control, workerFile, password, spec, hooks, ctx, driver);
      return { result, file: this.save(result) };
    } finally {
      await control.close();
    }
  }

  private async sweep(
    control: ServerConnection,
    workerFile: string,
    password: string | undefined,
    spec: LoadSweepSpec,
    hooks: LoadHooks,
    ctx: {
      signal: AbortSignal;
      progress: (u: {
        phase: string;
        fraction: number | null;
        message: string;
        figures?: Record<string, number>;
      }) => void;
    },
    driver: LoadDriver,
  ): Promise<LoadResult> {
    const startedAt = new Date().toISOString();
    const profileId = control.profile.id;
    const [version] = await control.rows<{ v: string }>('SELECT @@version AS v');
    const [room] = await control.rows<{ max: number | string }>('SELECT @@max_connections AS max');
    const [open] = await control.rows<{ Value: string }>("SHOW GLOBAL STATUS LIKE 'Threads_connected'");
    checkConnectionRoom(Number(room?.max), Number(open?.Value ?? 1), spec.clients);
    // The engine before the tables: a sysbench path that is not sysbench is said before any table is made.
    const connection = await this.workerConnection(control, password, spec.schema);
    const engine = await chooseEngine({ ...driver, workload: spec.workload }, connection);
    const tables = await prepareSbtest(
      async () => (await this.deps.connections.open(profileId, { password, localInfile: true })).raw,
      spec,
      (p) =>
        ctx.progress({
          phase: 'preparing',
          fraction: p.totalRows > 0 ? p.rows / p.totalRows : null,
          message: p.message,
          figures: { rows: p.rows },
        }),
      ctx.signal,
    );
    const steps: LoadStep[] = [];
    let state: LoadStepState = 'complete';
    for (const [i, clients] of spec.clients.entries()) {
      if (ctx.signal.aborted) {
        state = 'cancelled';
        break;
      }
      const base = {
        connection,
        workerFile,
        protocol: spec.protocol,
        clients,
        threads: spec.threads ?? defaultThreads(clients),
        signal: ctx.signal,
      };
      const mix = {
        tables: spec.tables,
        rows: spec.rows,
        distribution: spec.distribution,
        rangeSize: spec.rangeSize,
      };
      ctx.progress({
        phase: 'measuring',
        fraction: i / spec.clients.length,
        message: `${clients} clients: ${spec.warmupSeconds > 0 ? `warm-up ${spec.warmupSeconds} s, then ` : ''}${spec.seconds} s counted`,
        figures: { clients },
      });
      await hooks.beforeStep?.(clients);
      if (driver.traceClient)
        ctx.progress({
          phase: 'measuring',
          fraction: i / spec.clients.length,
          message: `${clients} clients: attaching bpftrace to trace every client`,
          figures: { clients },
        });
      const watch = await watchStep(
        control,
        driver.traceClient
          ? {
              tracer: this.deps.clientTracer ?? null,
              schema: spec.schema,
              file: stepTraceFile(join(this.deps.dataDir, 'loads'), startedAt, i),
            }
          : null,
      );
      const measured = await runStepOrLost(engine, {
        ...base,
        mix: { ...mix, mix: spec.workload },
        warmupSeconds: spec.warmupSeconds,
        seconds: spec.seconds,
        atCounted: async () => {
          await watch.countedBegins();
          await hooks.atCounted?.(clients);
        },
        onSecond: (s) => hooks.onSecond?.(clients, s),
      });
      await watch.countedEnded();
      await hooks.afterCounted?.(clients);
      const kept = await watch.finish(measured.counted.queries);
      let ceiling: StepMeasure | null = null;
      if (measured.state === 'complete' && spec.ceilingSeconds > 0) {
        ctx.progress({
          phase: 'ceiling',
          fraction: (i + 0.9) / spec.clients.length,
          message: `${clients} clients: SELECT 1 for ${spec.ceilingSeconds} s (the client's own ceiling)`,
          figures: { clients },
        });
        ceiling = await runStepOrLost(engine, {
          ...base,
          mix: { ...mix, mix: 'select-1' },
          warmupSeconds: 0,
          seconds: spec.ceilingSeconds,
        });
      }
      const step = { ...stepOf(clients, measured, ceiling), ...kept };
      steps.push(step);
      hooks.onStep?.(step);
      if (step.state !== 'complete') {
        state = step.state;
        break;
      }
    }
    return {
      kind: LOAD_RESULT_KIND,
      version: 1,
      bplabVersion: this.deps.bplabVersion,
      startedAt,
      finishedAt: new Date().toISOString(),
      server: { profileId, version: String(version?.v ?? ''), where: control.where },
      spec,
      tables: { prepared: tables.prepared, reused: tables.reused, seconds: tables.seconds },
      state,
      steps,
      engine: engine.engine,
    };
  }

  /**
   * The profile's server as plain options for the threads, TLS included when the control connection
   * has it (also for a load that runs beside something else: experiments/background-load.ts).
   */
  async workerConnection(
    control: ServerConnection,
    password: string | undefined,
    database: string,
  ): Promise<WorkerConnection> {
    const p = control.profile;
    const [cipher] = await control.rows<{ Value: string }>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
    const ssl = cipher?.Value
      ? sslOptions(
          { ...p, tls: { ...p.tls, mode: p.tls.mode === 'preferred' ? 'required' : p.tls.mode } },
          control.where,
        )
      : undefined;
    return {
      ...(p.transport === 'socket' ? { socketPath: p.socketPath } : { host: p.host, port: p.port ?? 3306 }),
      user: p.user,
      password: password ?? this.deps.secrets.get(p.id) ?? '',
      database,
      ...(ssl
        ? {
            ssl: {
              ca: ssl.ca as Buffer | undefined,
              cert: ssl.cert as Buffer | undefined,
              key: ssl.key as Buffer | undefined,
              rejectUnauthorized: ssl.rejectUnauthorized ?? false,
            },
          }
        : {}),
    };
  }

  /** Saves the result in loads/ and answers its file's name there. */
  private save(result: LoadResult): string {
    const dir = join(this.deps.dataDir, 'loads');
    mkdirSync(dir, { recursive: true });
    const name = `${result.startedAt.replace(/[:.]/g, '-')}-${result.spec.workload}.bplab-load.json`;
    writeFileAtomic(join(dir, name), `${JSON.stringify(result, null, 2)}\n`);
    return name;
  }
}

/**
 * A step whose clients cannot connect, after the sweep began, is one the server went away from
 * (killed between steps): it is recorded as interrupted with nothing counted, and the sweep ends.
 */
async function runStepOrLost(engine: ChosenEngine, req: StepRequest): Promise<StepMeasure> {
  try {
    return await engine.run(req);
  } catch (e) {
    if (!(e instanceof AppFailure) || e.error.code !== 'UNREACHABLE') throw e;
    const none = { queries: 0, transactions: 0, errors: 0, reconnects: 0, seconds: 0, latency: null };
    return {
      state: 'interrupted',
      reason: `The server went away before the step: ${e.error.message}`,
      counted: none,
      warmup: null,
      perSecond: [],
      cpu: { seconds: 0, share: 0, cores: 1 },
      threads: 1,
    };
  }
}

function stepOf(clients: number, measured: StepMeasure, ceiling: StepMeasure | null): LoadStep {
  // The ceiling's own interruption (the server went away during its SELECT 1) ends the sweep too.
  const m =
    ceiling && ceiling.state !== 'complete'
      ? { ...measured, state: ceiling.state, reason: `During its SELECT 1 ceiling: ${ceiling.reason ?? ''}` }
      : measured;
  const c = m.counted;
  const perSec = (n: number) => (c.seconds > 0 ? n / c.seconds : 0);
  const latency = c.latency ?? { p50: 0, p95: 0, p99: 0, max: 0 };
  return {
    clients,
    state: m.state,
    reason: m.reason,
    qps: perSec(c.queries),
    tps: perSec(c.transactions),
    ...latency,
    errors: c.errors,
    reconnects: c.reconnects,
    counted: c,
    warmup: m.warmup,
    perSecond: m.perSecond,
    cpu: m.cpu,
    threads: m.threads,
    ceiling: ceiling
      ? {
          qps: ceiling.counted.seconds > 0 ? ceiling.counted.queries / ceiling.counted.seconds : 0,
          p99: ceiling.counted.latency?.p99 ?? 0,
          errors: ceiling.counted.errors,
          seconds: ceiling.counted.seconds,
        }
      : null,
  };
}
