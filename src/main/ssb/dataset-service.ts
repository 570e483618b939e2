/**
 * Dataset work on saved profiles (a sandbox has one too): loads run as tasks in the background,
 * reporting 'task/progress' events by taskId, cancellable by taskId; list, verify and drop answer
 * directly. The handlers and the CLI both go through this class.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mysql2/promise';
import type { TaskProgress } from '../../shared/contract';
import {
  DatasetGenerateSpecSchema,
  DatasetImportSpecSchema,
  type DatasetGenerateSpec,
  type DatasetImportSpec,
  type DatasetListing,
  type DatasetTaskStarted,
  type DatasetVerifyReport,
  type VerifyProgress,
} from '../../shared/datasets';
import { AppFailure } from '../../shared/result';
import { CancellableConnection } from '../db/cancellable';
import { dropDataset, generateDataset, importDataset, listDatasets, type LoadOptions } from './datasets';
import type { LoadProgress } from './load-progress';
import type { LoadOutcome } from './loader';
import { validateSchemaName } from './schema';
import { findTblFiles } from './tbl-import';
import { verifyDataset } from './verify';

/** What the service needs from ConnectionService: a new connection for a profile. */
export interface ProfileConnector {
  open(
    profileId: string,
    opts: { password?: string; localInfile?: boolean },
  ): Promise<{ raw: Connection; close(): Promise<void> }>;
}

export interface DatasetServiceDeps {
  connections: ProfileConnector;
  /** Where progress goes: the EventBus's 'task/progress'. */
  onProgress: (p: TaskProgress) => void;
  /** Where a verify's progress goes: the EventBus's 'datasets/verify-progress'. */
  onVerifyProgress?: (p: VerifyProgress) => void;
  bplabVersion: string;
}

export interface Target {
  profileId: string;
  password?: string;
}

interface RunningTask {
  taskId: string;
  profileId: string;
  schema: string;
  controller: AbortController;
  done: Promise<LoadOutcome | null>;
}

/** A verify in progress: kill() KILLs its running count; `cancelled` stops it before the next one. */
interface RunningVerify {
  cancelled: boolean;
  kill(): Promise<void>;
}

/** Stops a verify; false when it was already stopping. If the KILL cannot be sent, it stops before its next count. */
async function stopVerify(v: RunningVerify): Promise<boolean> {
  if (v.cancelled) return false;
  v.cancelled = true;
  await v.kill().catch(() => undefined);
  return true;
}

const verifyKey = (profileId: string, schema: string) => `${profileId}\u0000${schema}`;

const verifyCancelled = (schema: string) =>
  AppFailure.of('CANCELLED', `The verify of ${schema} was cancelled; nothing was changed.`);

/** A load's progress as the 'task/progress' event carries it. */
export function toTaskProgress(taskId: string, p: LoadProgress): TaskProgress {
  return {
    taskId,
    phase: p.phase,
    fraction: p.fraction,
    message: p.message,
    done: false,
    figures: {
      rows: p.rows,
      totalRows: p.totalRows,
      rowsPerSec: Math.round(p.rowsPerSec),
      elapsedSec: Math.round(p.elapsedSec * 10) / 10,
      ...(p.etaSec !== null && { etaSec: Math.round(p.etaSec) }),
    },
  };
}

export class DatasetService {
  private readonly tasks = new Map<string, RunningTask>();
  private readonly verifies = new Map<string, RunningVerify>();

  constructor(private readonly deps: DatasetServiceDeps) {}

  async list(target: Target): Promise<DatasetListing> {
    const datasets = await this.withConnection(target, (c) => listDatasets(c));
    return {
      datasets: datasets.map((d) => ({
        ...d,
        activeTaskId: this.activeTask(target.profileId, d.schema)?.taskId ?? null,
      })),
    };
  }

  /** Starts generating a dataset; progress and the outcome arrive as 'task/progress' events. */
  async startGenerate(target: Target, spec: DatasetGenerateSpec): Promise<DatasetTaskStarted> {
    const s = DatasetGenerateSpecSchema.parse(spec);
    validateSchemaName(s.schema);
    return this.start(target, s.schema, (opts) => generateDataset(s, opts));
  }

  /** Starts importing dbgen's .tbl files; a missing file fails here, before any task starts. */
  async startImport(target: Target, spec: DatasetImportSpec): Promise<DatasetTaskStarted> {
    const s = DatasetImportSpecSchema.parse(spec);
    validateSchemaName(s.schema);
    await findTblFiles(s.dir);
    return this.start(target, s.schema, (opts) => importDataset(s, opts));
  }

  /** Cancels a running load; false when the task is unknown or already over. */
  cancel(taskId: string): { taskId: string; cancelled: boolean } {
    const task = this.tasks.get(taskId);
    if (!task) return { taskId, cancelled: false };
    task.controller.abort();
    return { taskId, cancelled: true };
  }

  /** Resolves when the task ends: its outcome, or null when it failed or was cancelled. */
  async whenDone(taskId: string): Promise<LoadOutcome | null> {
    return (await this.tasks.get(taskId)?.done) ?? null;
  }

  async verify(target: Target, schema: string): Promise<DatasetVerifyReport> {
    validateSchemaName(schema);
    if (this.activeTask(target.profileId, schema))
      throw AppFailure.of('BUSY', `${schema} is still loading; verify it once the load is over.`);
    const key = verifyKey(target.profileId, schema);
    if (this.verifies.has(key)) throw AppFailure.of('BUSY', `${schema} is already being verified.`);
    const running: RunningVerify = { cancelled: false, kill: async () => {} };
    this.verifies.set(key, running);
    try {
      return await this.withConnection(target, async (c) => {
        const counting = await CancellableConnection.of(c, {
          open: () => this.deps.connections.open(target.profileId, { password: target.password }),
        });
        running.kill = () => counting.cancel();
        const onStep = (step: string, done: number, total: number) => {
          if (running.cancelled) throw verifyCancelled(schema);
          this.deps.onVerifyProgress?.({ profileId: target.profileId, schema, done, total, step });
        };
        return await counting.run((conn) => verifyDataset(conn, schema, { onStep }));
      });
    } catch (e) {
      if (running.cancelled) throw verifyCancelled(schema);
      throw e;
    } finally {
      this.verifies.delete(key);
    }
  }

  /**
   * Cancels the verify of `schema` on that profile's server: the count running now is KILLed and no
   * other starts. False when no verify of it is running here.
   */
  async cancelVerify(profileId: string, schema: string): Promise<{ schema: string; cancelled: boolean }> {
    const running = this.verifies.get(verifyKey(profileId, schema));
    return { schema, cancelled: running ? await stopVerify(running) : false };
  }

  async drop(target: Target, schema: string): Promise<{ dropped: string }> {
    validateSchemaName(schema);
    if (this.activeTask(target.profileId, schema))
      throw AppFailure.of('BUSY', `${schema} is loading; cancel the load before dropping it.`);
    await this.withConnection(target, (c) => dropDataset(c, schema));
    return { dropped: schema };
  }

  /** Cancels every running load and waits for them to stop (bplab is quitting). */
  async shutdown(): Promise<void> {
    const running = [...this.tasks.values()];
    for (const t of running) t.controller.abort();
    await Promise.allSettled([...this.verifies.values()].map(stopVerify));
    await Promise.allSettled(running.map((t) => t.done));
  }

  private activeTask(profileId: string, schema: string): RunningTask | undefined {
    return [...this.tasks.values()].find((t) => t.profileId === profileId && t.schema === schema);
  }

  private async start(
    target: Target,
    schema: string,
    work: (opts: LoadOptions) => Promise<LoadOutcome>,
  ): Promise<DatasetTaskStarted> {
    if (this.activeTask(target.profileId, schema))
      throw AppFailure.of('BUSY', `${schema} is already being loaded.`, {
        hint: 'Wait for that load, or cancel it.',
      });
    // Fail now, not in the background, when the profile cannot connect (a password is missing...).
    const probe = await this.deps.connections.open(target.profileId, {
      password: target.password,
      localInfile: true,
    });
    await probe.close();

    const taskId = randomUUID();
    const controller = new AbortController();
    const emit = this.deps.onProgress;
    const opts: LoadOptions = {
      connect: async () =>
        (await this.deps.connections.open(target.profileId, { password: target.password, localInfile: true }))
          .raw,
      bplabVersion: this.deps.bplabVersion,
      onProgress: (p) => emit(toTaskProgress(taskId, p)),
      signal: controller.signal,
    };
    const done = work(opts).then(
      (outcome) => {
        emit({
          taskId,
          phase: 'done',
          fraction: 1,
          message: `${schema} is complete: ${Object.values(outcome.dataset.loadedRows).reduce((a, b) => a + (b ?? 0), 0)} rows in ${outcome.elapsedSec.toFixed(1)} s`,
          done: true,
          figures: { elapsedSec: Math.round(outcome.elapsedSec * 10) / 10 },
        });
        return outcome;
      },
      (e: unknown) => {
        const error =
          e instanceof AppFailure
            ? e.error
            : { code: 'INTERNAL' as const, message: e instanceof Error ? e.message : String(e) };
        emit({
          taskId,
          phase: error.code === 'CANCELLED' ? 'cancelled' : 'failed',
          fraction: null,
          message: error.message,
          done: true,
          error,
        });
        return null;
      },
    );
    this.tasks.set(taskId, { taskId, profileId: target.profileId, schema, controller, done });
    void done.finally(() => this.tasks.delete(taskId));
    return { taskId, schema };
  }

  private async withConnection<T>(target: Target, work: (c: Connection) => Promise<T>): Promise<T> {
    const c = await this.deps.connections.open(target.profileId, { password: target.password });
    try {
      return await work(c.raw);
    } finally {
      await c.close();
    }
  }
}
