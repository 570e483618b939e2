/**
 * The "both sides of old_blocks_time" preset as one task: for each innodb_old_blocks_time (journaled,
 * then put back), a point-select load over sbtest1 runs throughout while the SSB queries scan one after
 * another, and the live poller samples the pool; the point selects' seconds, each scan's interval and
 * sbtest1's pages per index are kept on one clock per side, and saved in one file (<data>/loads/).
 */
import { preloadSbtest } from '../load/sbtest-preload';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  MIXED_OLTP_TABLE,
  MIXED_RESULT_KIND,
  MixedLoadSpecSchema,
  mixedPlan,
  planStepWords,
  type MixedLoadInput,
  type MixedLoadResult,
  type MixedLoadSpec,
  type MixedPlanStep,
  type MixedQuery,
  type MixedSide,
} from '../../shared/load/mixed-load';
import { AppFailure } from '../../shared/result';
import type { RunResult, RunSample } from '../../shared/runs/runs';
import { loadLiveRunId } from '../../shared/load/load-live';
import type { LoadSecond } from '../../shared/load/oltp-load';
import { readIndexPages } from '../bufferpool/index-pages';
import { readPoolStats } from '../bufferpool/lru';
import { CancellableConnection } from '../db/cancellable';
import type { ConnectionService, ServerConnection } from '../db/connections';
import { writeFileAtomic } from '../files/atomic-file';
import { chooseEngine, type ChosenEngine } from '../load/load-engine';
import { loadWorkerFile, type LoadService } from '../load/load-service';
import { prepareSbtest } from '../load/sbtest-prepare';
import { epochMs } from '../load/worker-protocol';
import type { QueryCatalogue } from '../queries/catalogue';
import type { SettingsJournal } from '../server/settings-journal';
import type { StartedTask, TaskRegistry } from '../tasks/registry';
import { startBackgroundLoad, type BackgroundLoad } from './background-load';
import { sidePages } from './mixed-pages';
import { startPoolWatch, type PoolWatch } from './pool-watch';

const VARIABLE = 'innodb_old_blocks_time';

export interface MixedLoadDeps {
  connections: ConnectionService;
  catalogue: QueryCatalogue;
  journal: SettingsJournal;
  tasks: TaskRegistry;
  /** For the load's connection options (the threads connect on their own). */
  load: Pick<LoadService, 'workerConnection'>;
  dataDir: string;
  bplabVersion: string;
  workerFile?: string;
  /** The sandbox a profile reaches, so stopping or deleting it mid-run answers BUSY naming this task. */
  sandboxOf?: (profileId: string) => string | null;
  /** The live poller's samples, as a run's (runId loadLiveRunId(taskId)), for the live view. */
  onSample?: (s: RunSample) => void;
  /** The point selects' seconds, as bplab load's ('load/second'). */
  onSecond?: (e: { taskId: string; clients: number; second: LoadSecond }) => void;
}

export interface MixedHooks {
  /** Each plan step as it begins (the CLI prints it). */
  onStep?: (side: number, step: MixedPlanStep) => void;
  onSide?: (side: MixedSide) => void;
}

type Ctx = {
  taskId: string;
  signal: AbortSignal;
  progress: (u: { phase: string; fraction: number | null; message: string }) => void;
};

/** The spec checked, with its words for what is wrong. */
export function parseMixedSpec(input: MixedLoadInput): MixedLoadSpec {
  const parsed = MixedLoadSpecSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const at = parsed.error.issues[0]?.path.join('.') ?? '';
  throw AppFailure.of('INVALID_ARGUMENT', `The mixed load's ${at || 'settings'} are not valid.`);
}

export class MixedLoadService {
  constructor(private readonly deps: MixedLoadDeps) {}

  start(
    profileId: string,
    password: string | undefined,
    input: MixedLoadInput,
    hooks: MixedHooks = {},
  ): StartedTask<MixedLoadResult> {
    const spec = parseMixedSpec(input);
    // Every query is resolved before anything changes on the server: a wrong id is said at once.
    for (const q of spec.ssb.queries)
      this.deps.catalogue.resolve(q.queryId, q.variant ?? this.firstVariant(q.queryId));
    const workerFile = this.deps.workerFile ?? loadWorkerFile();
    return this.deps.tasks.start(
      {
        kind: 'experiment',
        title: `point selects on ${spec.oltp.schema}.${MIXED_OLTP_TABLE} beside SSB scans on ${spec.ssb.schema}, old_blocks_time ${spec.oldBlocksTimes.join(' vs ')}`,
        profileId,
        schema: spec.ssb.schema,
        sandboxId: this.deps.sandboxOf?.(profileId) ?? null,
      },
      async (ctx) => {
        const result = await this.execute(profileId, password, spec, workerFile, hooks, ctx);
        this.save(result);
        return result;
      },
      {
        done: (r) => ({
          message: `${r.state}: ${r.sides.length} of ${spec.oldBlocksTimes.length} sides measured`,
        }),
      },
    );
  }

  private firstVariant(queryId: string): string {
    return this.deps.catalogue.get(queryId).variants[0]!.variant;
  }

  private async execute(
    profileId: string,
    password: string | undefined,
    spec: MixedLoadSpec,
    workerFile: string,
    hooks: MixedHooks,
    ctx: Ctx,
  ): Promise<MixedLoadResult> {
    const startedAt = new Date().toISOString();
    const open = () =>
      this.deps.connections.open(profileId, {
        ...(password !== undefined ? { password } : {}),
        localInfile: true,
      });
    const control = await open();
    try {
      const [version] = await control.rows<{ v: string }>('SELECT @@version AS v');
      ctx.progress({
        phase: 'preparing',
        fraction: null,
        message: `${spec.oltp.schema}.${MIXED_OLTP_TABLE}: prepared when missing`,
      });
      await prepareSbtest(
        async () => (await open()).raw,
        { schema: spec.oltp.schema, tables: 1, rows: spec.oltp.rows },
        () => {},
        ctx.signal,
      );
      const poolPages = (await readPoolStats(control)).reduce((n, p) => n + p.poolSize, 0);
      const stats = await readIndexPages(control, spec.oltp.schema).catch(() => []);
      const mine = stats.filter((s) => s.table === MIXED_OLTP_TABLE);
      const connection = await this.deps.load.workerConnection(control, password, spec.oltp.schema);
      const engine = await chooseEngine({ workload: 'point-select' }, connection);
      const sides: MixedSide[] = [];
      const plan = mixedPlan(spec);
      for (const [i, steps] of plan.entries()) {
        if (ctx.signal.aborted) break;
        const side = await this.side(
          i,
          plan.length,
          steps,
          spec,
          { open, connection, workerFile, run: engine.run },
          hooks,
          ctx,
        );
        sides.push(side);
        hooks.onSide?.(side);
        if (side.state !== 'complete') break;
      }
      const last = sides.at(-1);
      return {
        kind: MIXED_RESULT_KIND,
        version: 1,
        bplabVersion: this.deps.bplabVersion,
        startedAt,
        finishedAt: new Date().toISOString(),
        server: {
          profileId,
          version: String(version?.v ?? ''),
          where: control.where,
          poolPages,
          oltpTablePages: mine.length > 0 ? mine.reduce((n, s) => n + s.sizePages, 0) : null,
        },
        spec,
        state: ctx.signal.aborted ? 'cancelled' : last && last.state !== 'complete' ? last.state : 'complete',
        sides,
        engine: engine.engine,
      };
    } finally {
      await control.close();
    }
  }

  /** One side: the plan's steps in order; the load stopped and the setting put back whatever happens. */
  private async side(
    i: number,
    count: number,
    steps: MixedPlanStep[],
    spec: MixedLoadSpec,
    env: {
      open: () => Promise<ServerConnection>;
      connection: Awaited<ReturnType<LoadService['workerConnection']>>;
      workerFile: string;
      run: ChosenEngine['run'];
    },
    hooks: MixedHooks,
    ctx: Ctx,
  ): Promise<MixedSide> {
    const originMs = epochMs();
    const clock = () => epochMs() - originMs;
    const oldBlocksTime = (steps[0] as { oldBlocksTime: number }).oldBlocksTime;
    const exec = await env.open();
    const queries: MixedQuery[] = [];
    let before: string | null = null;
    let set = false;
    let restored = false;
    let load: BackgroundLoad | null = null;
    let outcome: Awaited<BackgroundLoad['ended']> | null = null;
    let failure: string | null = null;
    let watch: PoolWatch | null = null;
    let samples: RunResult['samples'] | null = null;
    const cancellable = await CancellableConnection.of(exec.raw, { open: env.open });
    try {
      // Every side starts with sbtest1 whole in the pool, not with what the side before it left there
      // (its scans evicted much of it under one setting and little under the other).
      ctx.progress({
        phase: `old_blocks_time ${oldBlocksTime}`,
        fraction: i / count,
        message: `${spec.oltp.schema}.${MIXED_OLTP_TABLE}: read whole into the pool`,
      });
      await preloadSbtest((sql) => exec.raw.query(sql), spec.oltp.schema, 1);
      watch = await startPoolWatch(env.open, {
        runId: loadLiveRunId(ctx.taskId),
        setting: spec.poll,
        clock,
        onSample: (x) => this.deps.onSample?.(x),
      });
      for (const [n, step] of steps.entries()) {
        if (ctx.signal.aborted || failure) break;
        hooks.onStep?.(i, step);
        ctx.progress({
          phase: `old_blocks_time ${oldBlocksTime}`,
          fraction: (i + n / steps.length) / count,
          message: planStepWords(step),
        });
        if (step.kind === 'set') {
          before = await this.deps.journal.setGlobal(
            exec.raw,
            exec.profile.id,
            VARIABLE,
            step.oldBlocksTime,
            `mixed preset: old_blocks_time ${step.oldBlocksTime} beside a point-select load`,
          );
          set = true;
        } else if (step.kind === 'load-start') {
          load = startBackgroundLoad({
            connection: env.connection,
            workerFile: env.workerFile,
            run: env.run,
            rows: spec.oltp.rows,
            clients: step.clients,
            distribution: spec.oltp.distribution,
            protocol: spec.oltp.protocol,
            originMs,
            signal: ctx.signal,
            onSecond: ({ second }) =>
              this.deps.onSecond?.({ taskId: ctx.taskId, clients: step.clients, second }),
          });
          await load.started;
          void load.ended.then((o) =>
            o.state !== 'complete' ? (failure ??= o.reason ?? `the load ended ${o.state}`) : null,
          );
        } else if (step.kind === 'wait') {
          await sleepUnless(step.seconds * 1000, ctx.signal, load?.ended);
        } else if (step.kind === 'query') {
          queries.push(await this.scan(cancellable, exec, spec.ssb.schema, step, clock, ctx.signal));
        } else if (step.kind === 'load-stop') {
          outcome = load ? await load.stop() : null;
        } else if (step.kind === 'restore' && set) {
          await this.deps.journal.restore(exec.raw, exec.profile.id, [VARIABLE]);
          restored = true;
        }
      }
    } catch (e) {
      failure ??= e instanceof Error ? e.message : String(e);
    } finally {
      if (load && !outcome) outcome = await load.stop();
      samples = watch ? await watch.stop().catch(() => null) : null;
      if (set && !restored)
        restored = await this.deps.journal
          .restore(exec.raw, exec.profile.id, [VARIABLE])
          .then(() => true)
          .catch(() => false);
      await exec.close().catch(() => {});
    }
    const state = ctx.signal.aborted
      ? 'cancelled'
      : failure || (outcome && outcome.state !== 'complete')
        ? 'interrupted'
        : 'complete';
    return {
      oldBlocksTime,
      state,
      reason:
        state === 'cancelled'
          ? 'Cancelled; what was measured until then is kept.'
          : (failure ?? outcome?.reason ?? null),
      setting: { before, restored },
      load: { fromMs: outcome?.fromMs ?? 0, toMs: outcome?.toMs ?? 0, queries: outcome?.queries ?? 0 },
      seconds: (outcome?.seconds ?? []).map(({ fromMs, second }) => ({
        fromMs,
        qps: second.queries,
        p99: second.latency?.p99 ?? null,
        errors: second.errors,
      })),
      queries,
      pages: samples ? sidePages(samples, spec.oltp.schema, MIXED_OLTP_TABLE) : [],
      pagesNote: watch ? watch.note() : 'the live poller could not start',
    };
  }

  /** One SSB query, timed on the side's clock; a failure is kept in words, a cancel KILLs it. */
  private async scan(
    c: CancellableConnection,
    exec: ServerConnection,
    schema: string,
    step: Extract<MixedPlanStep, { kind: 'query' }>,
    clock: () => number,
    signal: AbortSignal,
  ): Promise<MixedQuery> {
    const variant = step.variant ?? this.firstVariant(step.queryId);
    const { sql } = this.deps.catalogue.resolve(step.queryId, variant);
    await exec.rows('USE ??', [schema]);
    const fromMs = clock();
    try {
      const [rows] = await c.run((conn) => conn.query(sql), { signal });
      return {
        queryId: step.queryId,
        variant,
        fromMs,
        toMs: clock(),
        rows: Array.isArray(rows) ? rows.length : null,
        error: null,
      };
    } catch (e) {
      return {
        queryId: step.queryId,
        variant,
        fromMs,
        toMs: clock(),
        rows: null,
        error: (e as Error).message,
      };
    }
  }

  private save(result: MixedLoadResult): void {
    const dir = join(this.deps.dataDir, 'loads');
    mkdirSync(dir, { recursive: true });
    const name = `${result.startedAt.replace(/[:.]/g, '-')}-mixed.bplab-mixed.json`;
    writeFileAtomic(join(dir, name), `${JSON.stringify(result, null, 2)}\n`);
  }
}

/** Waits ms, or less when the signal aborts or `until` settles (the load ended on its own). */
function sleepUnless(ms: number, signal: AbortSignal, until?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    void until?.then((o) => ((o as { state?: string }).state !== 'complete' ? done() : undefined));
  });
}
