/**
 * Dataset work on saved profiles (a sandbox has one too): loads and verifies run as tasks (see
 * src/main/tasks), reporting 'task/progress' events by taskId and cancelled with tasks/cancel; list
 * and drop answer directly. What another bplab process is doing to a dataset counts too: a drop
 * while it loads answers BUSY, and a load whose process is gone lists as interrupted.
 */
import type { Connection } from 'mysql2/promise';
import {
  DatasetGenerateSpecSchema,
  DatasetImportSpecSchema,
  datasetState,
  type DatasetGenerateSpec,
  type DatasetImportSpec,
  type DatasetListing,
  type OltpDataset,
  type DatasetTaskStarted,
  type DatasetVerifyReport,
  type VerifyProgress,
} from '../../shared/datasets/datasets';
import { formatCount } from '../../shared/format';
import { AppFailure } from '../../shared/result';
import { CancellableConnection } from '../db/cancellable';
import type { TaskRegistry, TaskUpdate } from '../tasks/registry';
import { dropDataset, generateDataset, importDataset, listDatasets, type LoadOptions } from './datasets';
import type { DatasetLoadProgress } from './dataset-load-progress';
import type { DatasetLoadOutcome } from './dataset-loader';
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
  tasks: TaskRegistry;
  /** Where a verify's progress goes: the EventBus's 'datasets/verify-progress'. */
  onVerifyProgress?: (p: VerifyProgress) => void;
  /** The sandbox a profile belongs to, if any (its tasks then hold the sandbox too). */
  sandboxOf?: (profileId: string) => string | null;
  bplabVersion: string;
  /** The OLTP datasets (sysbench's sbtest tables) on a connection: the load room's, listed beside. */
  oltpDatasets?: (c: Connection) => Promise<OltpDataset[]>;
}

export interface Target {
  profileId: string;
  password?: string;
}

const verifyCancelled = (schema: string) =>
  AppFailure.of('CANCELLED', `The verify of ${schema} was cancelled; nothing was changed.`);

/** A load's progress as its task reports it. */
export function datasetLoadUpdate(p: DatasetLoadProgress): TaskUpdate {
  return {
    phase: p.phase,
    fraction: p.fraction,
    message: p.message,
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
  constructor(private readonly deps: DatasetServiceDeps) {}

  /** The datasets on the server, each with its state as derived from its record and who holds its load. */
  async list(target: Target): Promise<DatasetListing> {
    const [datasets, oltp] = await this.withConnection(
      target,
      async (c) =>
        [
          await listDatasets(c),
          this.deps.oltpDatasets ? await this.deps.oltpDatasets(c) : undefined,
        ] as const,
    );
    return {
      ...(oltp ? { oltp } : {}),
      datasets: datasets.map((d) => {
        const load = this.deps.tasks
          .holders({ profileId: target.profileId, schema: d.schema })
          .find((t) => t.kind === 'dataset-load');
        return { ...d, state: datasetState(d.state, load !== undefined), activeTaskId: load?.taskId ?? null };
      }),
    };
  }

  /** Starts generating a dataset; progress and the outcome arrive as 'task/progress' events. */
  async startGenerate(target: Target, spec: DatasetGenerateSpec): Promise<DatasetTaskStarted> {
    const s = DatasetGenerateSpecSchema.parse(spec);
    validateSchemaName(s.schema);
    return this.startLoad(target, s.schema, (opts) => generateDataset(s, opts));
  }

  /** Starts importing dbgen's .tbl files; a missing file fails here, before any task starts. */
  async startImport(target: Target, spec: DatasetImportSpec): Promise<DatasetTaskStarted> {
    const s = DatasetImportSpecSchema.parse(spec);
    validateSchemaName(s.schema);
    await findTblFiles(s.dir);
    return this.startLoad(target, s.schema, (opts) => importDataset(s, opts));
  }

  /** Verifies a dataset as a task (cancelled with tasks/cancel: the count running is KILLed); answers with the report. */
  async verify(target: Target, schema: string): Promise<DatasetVerifyReport> {
    return this.verifyTask(target, schema).result;
  }

  /** verify as a task that answers at once (datasets/verify): tasks/wait gives the report. */
  beginVerify(target: Target, schema: string): DatasetTaskStarted {
    const { taskId, result } = this.verifyTask(target, schema);
    result.catch(() => {});
    return { taskId, schema };
  }

  private verifyTask(target: Target, schema: string) {
    validateSchemaName(schema);
    this.refuseWhileHeld(target.profileId, schema, `verify ${schema}`);
    return this.deps.tasks.start(
      this.taskSpec(target.profileId, schema, 'dataset-verify', `verify ${schema}`),
      (ctx) =>
        this.withConnection(target, async (c) => {
          const counting = await CancellableConnection.of(c, {
            open: () => this.deps.connections.open(target.profileId, { password: target.password }),
          });
          const onStep = (step: string, done: number, total: number) => {
            if (ctx.signal.aborted) throw verifyCancelled(schema);
            ctx.progress({ phase: 'verifying', fraction: done / total, message: `counting ${step}` });
            this.deps.onVerifyProgress?.({ profileId: target.profileId, schema, done, total, step });
          };
          try {
            return await counting.run((conn) => verifyDataset(conn, schema, { onStep }), {
              signal: ctx.signal,
            });
          } catch (e) {
            if (ctx.signal.aborted) throw verifyCancelled(schema);
            throw e;
          }
        }),
      { done: (r) => ({ message: `${schema}: ${r.pass ? 'PASS' : 'FAIL'}` }) },
    );
  }

  async drop(target: Target, schema: string): Promise<{ dropped: string }> {
    validateSchemaName(schema);
    this.refuseWhileHeld(target.profileId, schema, `drop ${schema}`);
    // Held as a task while it drops, so a load another process starts meanwhile answers BUSY.
    const { result } = this.deps.tasks.start(
      this.taskSpec(target.profileId, schema, 'dataset-drop', `drop ${schema}`),
      () => this.withConnection(target, (c) => dropDataset(c, schema)),
    );
    await result;
    return { dropped: schema };
  }

  /** BUSY, naming the task and its process, while any bplab process works on that schema. */
  private refuseWhileHeld(profileId: string, schema: string, doing: string): void {
    const busy = this.deps.tasks.busy({ profileId, schema }, doing);
    if (busy) throw busy;
  }

  /** A load or verify holds its schema alone: the check against other processes and the lease are one step. */
  private taskSpec(
    profileId: string,
    schema: string,
    kind: 'dataset-load' | 'dataset-verify' | 'dataset-drop',
    title: string,
  ) {
    return {
      kind,
      title,
      profileId,
      schema,
      sandboxId: this.deps.sandboxOf?.(profileId) ?? null,
      exclusive: { scope: { profileId, schema }, doing: title },
    };
  }

  private async startLoad(
    target: Target,
    schema: string,
    work: (opts: LoadOptions) => Promise<DatasetLoadOutcome>,
  ): Promise<DatasetTaskStarted> {
    this.refuseWhileHeld(target.profileId, schema, `load ${schema}`);
    // Fail now, not in the background, when the profile cannot connect (a password is missing...).
    const probe = await this.deps.connections.open(target.profileId, {
      password: target.password,
      localInfile: true,
    });
    await probe.close();

    const { taskId } = this.deps.tasks.start(
      this.taskSpec(target.profileId, schema, 'dataset-load', `load ${schema}`),
      (ctx) =>
        work({
          connect: async () =>
            (
              await this.deps.connections.open(target.profileId, {
                password: target.password,
                localInfile: true,
              })
            ).raw,
          bplabVersion: this.deps.bplabVersion,
          onProgress: (p) => ctx.progress(datasetLoadUpdate(p)),
          signal: ctx.signal,
        }),
      {
        done: (outcome) => ({
          message: `${schema} is complete: ${formatCount(outcome.dataset.loadedRows.lineorder ?? 0)} lineorder rows in ${outcome.elapsedSec.toFixed(1)} s${outcome.notes.map((n) => `; ${n}`).join('')}`,
          figures: { elapsedSec: Math.round(outcome.elapsedSec * 10) / 10 },
        }),
      },
    );
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
