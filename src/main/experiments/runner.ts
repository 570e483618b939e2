/**
 * Runs an experiment: its plan, configuration by configuration. Before a configuration's runs it puts the
 * matrix's values in place (SET GLOBAL through the settings journal; the buffer pool resized online and
 * waited for where the server can, else a restart; startup options by restarting the sandbox with them);
 * a cold pass starts from a restart with the OS page cache dropped where bplab may. Every run is captured
 * by the run service. Afterwards, whatever happens (success, error, cancel), every global is restored
 * from the journal and every sandbox restarted for a startup option is put back on its own options.
 */
import type { ExperimentResult } from '../../shared/experiments/experiment-file';
import {
  cellSchema,
  estimateSeconds,
  passLabel,
  planExperiment,
  type ExperimentDefinition,
  type ExperimentProgress,
  type ExperimentServer,
  type PlannedRun,
} from '../../shared/experiments/experiments';
import { AppFailure, formatError } from '../../shared/result';
import { formatSettingValue } from '../../shared/format';
import type { RunResult, RunSample, RunSpecParsed } from '../../shared/runs/runs';
import type { ColdMethod } from '../../shared/experiments/experiment-file';
import type { PurgeWait } from '../bufferpool/purge';
import type { FileEviction, StorageRead } from '../pagecache/os-cache';
import {
  cellChanges,
  cannotResizeOnline,
  numeric,
  resizePool,
  restartGivesExactPool,
  sizeBytes,
  type ControlConnection,
  type GlobalSetter,
} from './cell-settings';
export type { ControlConnection } from './cell-settings';
import { coldPass } from './cold-pass';
import { runCellLoad, type ExecuteLoad } from './load-cell';
import type { ExperimentLoadRecord } from '../../shared/load/experiment-load';
import type { GlobalsConnection, JournalEntry } from '../server/settings-journal';

/** The services the runner drives, passed in (the app and the CLI wire the real ones). */
export interface ExperimentRunnerDeps {
  /** Runs one query with full capture (the run service); resolves with the run, whatever its state. */
  executeRun(
    server: ExperimentServer,
    spec: RunSpecParsed,
    ctx: { signal: AbortSignal; onSample?: (s: RunSample) => void },
  ): Promise<RunResult>;
  /** A connection for setting globals and waiting on a resize. */
  connect(server: ExperimentServer): Promise<ControlConnection>;
  journal: GlobalSetter & {
    restore(conn: GlobalsConnection, profileId: string): Promise<JournalEntry[]>;
  };
  /** Restarts a sandbox (a cold buffer pool); `options` apply to this start only, never saved to its spec. */
  restartSandbox(sandboxId: string, options: Record<string, string>): Promise<void>;
  /** Drops the OS page cache (root only); says why when it could not. */
  dropPageCache(): Promise<{ dropped: boolean; why: string }>;
  /** Before a cold pass: waits until the server's purge has caught up. */
  waitForPurge(server: ExperimentServer): Promise<PurgeWait>;
  /** Before a cold pass or a sweep: the dataset's files (and the shared tablespaces) leave the OS page cache. */
  evictDataset(sandboxId: string, schema: string): Promise<FileEviction>;
  /** Before a cold pass: the same files read once from storage, for a cache beneath this machine. */
  readDatasetThroughStorage?(sandboxId: string, schema: string): Promise<StorageRead>;
  /** After a sweep: bytes of the same files back in the OS page cache. */
  datasetResidentBytes?(sandboxId: string, schema: string): Promise<number>;
  /** Runs an OLTP load sweep (the load service); experiments with load steps need it. */
  executeLoad?: ExecuteLoad;
  now?: () => number;
  /** How long to wait for an online buffer pool resize to finish. */
  resizeTimeoutMs?: number;
}

export interface ExperimentRunOptions {
  signal?: AbortSignal;
  onProgress?: (p: ExperimentProgress) => void;
  /** Each finished run, as soon as it is captured (the caller saves the file as it goes). */
  onResult?: (r: ExperimentResult) => void;
  onSample?: (s: RunSample) => void;
  /** Each load sweep of a configuration, as soon as it is measured. */
  onLoad?: (r: ExperimentLoadRecord) => void;
  /** Start from these (a resumed experiment); their plan indexes are skipped. */
  previous?: ExperimentResult[];
}

export interface ExperimentOutcome {
  state: 'complete' | 'cancelled' | 'failed';
  results: ExperimentResult[];
  /** The load sweeps measured, one per configuration and load step. */
  loads: ExperimentLoadRecord[];
  /** In words, for a failed or cancelled experiment. */
  error: string | null;
  /** What was put back at the end: globals (per server) and sandboxes restarted on their own options. */
  restored: string[];
}

export class ExperimentRunner {
  constructor(private readonly deps: ExperimentRunnerDeps) {}

  /** Sets a configuration's pool size and globals; false when the pool cannot reach its size online. */
  private async applyCell(
    server: ExperimentServer,
    changes: ReturnType<typeof cellChanges>,
    name: string,
  ): Promise<boolean> {
    const c = await this.deps.connect(server);
    try {
      if (changes.poolSize) {
        try {
          const got = await resizePool(c, this.deps, server, changes.poolSize);
          // Where the server settled elsewhere (MySQL rounds to chunk multiples) and a restart gives the
          // size exactly, the sandbox is restarted with it: a configuration's pool is the size it says.
          if (server.sandboxId && got !== sizeBytes(changes.poolSize) && (await restartGivesExactPool(c)))
            return false;
        } catch (e) {
          if (server.sandboxId && cannotResizeOnline(e)) return false;
          throw e;
        }
      }
      for (const g of changes.globals)
        await this.deps.journal.setGlobal(
          c,
          server.profileId,
          g.variable,
          numeric(g.value),
          `experiment: ${name}`,
        );
      return true;
    } finally {
      await c.close();
    }
  }

  async run(def: ExperimentDefinition, opts: ExperimentRunOptions = {}): Promise<ExperimentOutcome> {
    const now = this.deps.now ?? Date.now;
    const started = now();
    const signal = opts.signal ?? new AbortController().signal;
    const plan = planExperiment(def);
    const done = new Set((opts.previous ?? []).map((r) => r.planIndex));
    const results: ExperimentResult[] = [...(opts.previous ?? [])];
    const loads: ExperimentLoadRecord[] = [];
    const servers = new Map(def.servers.map((s) => [s.label, s]));
    const restartedWithOptions = new Set<string>();
    const touched = new Set<string>();
    const timings = new Map<string, number[]>();
    let restartSec = 10;
    /** A sandbox started again after it stopped mid-run: its next run starts on an empty pool, and says so. */
    const startedAgain = new Map<string, ColdMethod>();
    /** Servers whose pool size bplab sets by a restart (they cannot resize online): each restart carries it. */
    const poolAtStartup = new Set<string>();

    /** `restartAhead`: the current run's restart is still to come (its step is the restart itself). */
    const progress = (step: string, current: PlannedRun | null, restartAhead = false) => {
      const remaining = plan.filter((r) => !done.has(r.index) && r !== current);
      // The run under way is not done: its query still counts, and its restart while that is ahead
      // (left out, "time left" said about 0:00 while a restart and two runs were still to come).
      // First, as it runs first (a restart is counted where the configuration changes).
      if (current) remaining.unshift(restartAhead ? current : { ...current, restartBefore: false });
      const known = [...timings.values()].flat();
      opts.onProgress?.({
        done: done.size,
        total: plan.length,
        current: current && {
          planIndex: current.index,
          cell: current.cell.key,
          pass: passLabel(current.pass),
          queryId: current.queryId,
          variant: current.variant,
        },
        step,
        elapsedSec: (now() - started) / 1000,
        // Load sweeps last as long as their steps say: known before anything was timed.
        remainingSec:
          known.length || remaining.every((r) => r.load)
            ? estimateSeconds(remaining, {
                querySeconds: (q, v) => mean(timings.get(`${q}/${v}`)),
                defaultQuerySeconds: mean(known) ?? 0,
                restartSeconds: restartSec,
                currentCell: current && !restartAhead ? current.cell.key : null,
              })
            : null,
      });
    };

    let state: ExperimentOutcome['state'] = 'complete';
    let error: string | null = null;
    let currentCell: string | null = null;
    try {
      for (const run of plan) {
        if (done.has(run.index)) continue;
        if (signal.aborted) throw AppFailure.of('CANCELLED', 'The experiment was cancelled.');
        const server = servers.get(run.cell.server)!;
        const changes = cellChanges(run.cell);
        if (changes.poolSize && poolAtStartup.has(server.label)) {
          changes.startup.innodb_buffer_pool_size = String(sizeBytes(changes.poolSize));
          changes.poolSize = null;
        }
        const needsOwnStart = Object.keys(changes.startup).length > 0;
        let cold: ColdMethod | null = null;
        // A sandbox just started again after it stopped mid-run is on this configuration's options already.
        const onOwnStart = startedAgain.has(server.label);
        if (run.restartBefore || (currentCell !== run.cell.key && needsOwnStart && !onOwnStart)) {
          if (!server.sandboxId) {
            if (needsOwnStart)
              throw AppFailure.of(
                'FEATURE_MISSING',
                `${server.label} is not a bplab sandbox, so bplab cannot restart it with ${Object.keys(changes.startup).join(', ')}.`,
              );
            cold = {
              how: 'not-possible',
              note: `${server.label} is not a sandbox: bplab cannot restart it; best effort, the pool was not emptied.`,
            };
          } else {
            progress(`restarting ${server.label}${run.restartBefore ? ' for a cold pass' : ''}`, run, true);
            const t = now();
            await this.deps.restartSandbox(server.sandboxId, changes.startup);
            restartSec = (now() - t) / 1000;
            if (needsOwnStart) restartedWithOptions.add(server.label);
            if (run.restartBefore) {
              const flush = changes.startup.innodb_flush_method ?? changes.startup['innodb-flush-method'];
              const sandboxId = server.sandboxId;
              const schema = cellSchema(def, run.cell);
              const read = this.deps.readDatasetThroughStorage;
              cold = await coldPass(
                {
                  waitForPurge: () => this.deps.waitForPurge(server),
                  readThroughStorage: read && (() => read(sandboxId, schema)),
                  evictFiles: () => this.deps.evictDataset(sandboxId, schema),
                  dropPageCache: () => this.deps.dropPageCache(),
                },
                server.label,
                flush,
              );
            }
          }
          // A restart puts the globals back to the server's startup values: set the cell's again below.
          currentCell = null;
        }
        if (currentCell !== run.cell.key) {
          progress(`setting ${run.cell.key}`, run);
          touched.add(server.label);
          if (!(await this.applyCell(server, changes, def.name)) && server.sandboxId) {
            poolAtStartup.add(server.label);
            const size = changes.poolSize!;
            progress(
              `restarting ${server.label} with innodb_buffer_pool_size=${size} (it cannot resize online to that size)`,
              run,
              true,
            );
            await this.deps.restartSandbox(server.sandboxId, {
              ...changes.startup,
              innodb_buffer_pool_size: String(sizeBytes(size)),
            });
            restartedWithOptions.add(server.label);
            await this.applyCell(server, { ...changes, poolSize: null }, def.name);
          }
          currentCell = run.cell.key;
        }
        if (run.load) {
          progress(`OLTP load ${run.variant} (${run.cell.key})`, run);
          const { step: stepIndex, repeat } = run.load;
          const at = { server, cell: run.cell, planIndex: run.index, stepIndex, repeat };
          const record = await runCellLoad(this.deps, { ...at, step: def.loads![stepIndex]! }, signal);
          loads.push(record);
          done.add(run.index);
          opts.onLoad?.(record);
          if (record.result.state === 'cancelled' || signal.aborted)
            throw AppFailure.of('CANCELLED', 'The experiment was cancelled.');
          // A server that went away mid-sweep: set the configuration again before what comes next.
          if (record.result.state === 'interrupted') currentCell = null;
          continue;
        }
        progress(
          `${run.queryId}${run.variant === 'base' ? '' : ` (${run.variant})`}, ${passLabel(run.pass)}`,
          run,
        );
        const result = await this.deps.executeRun(
          server,
          {
            queryId: run.queryId,
            variant: run.variant,
            schema: cellSchema(def, run.cell),
            poll: def.poll,
            explainAnalyze: false,
            allowLruPolling: false,
            experiment: { name: def.name, configuration: run.cell.key, pass: passLabel(run.pass) },
          },
          { signal, onSample: opts.onSample },
        );
        const record: ExperimentResult = {
          planIndex: run.index,
          cell: run.cell.key,
          pass: run.pass,
          counted: run.counted,
          cold: cold ?? startedAgain.get(server.label) ?? null,
          run: result,
        };
        startedAgain.delete(server.label);
        results.push(record);
        done.add(run.index);
        opts.onResult?.(record);
        if (result.state === 'complete' && result.elapsedMs !== null) {
          const key = `${run.queryId}/${run.variant}`;
          timings.set(key, [...(timings.get(key) ?? []), result.elapsedMs / 1000]);
        }
        if (result.state === 'cancelled' || signal.aborted)
          throw AppFailure.of('CANCELLED', 'The experiment was cancelled.');
        if (result.state === 'interrupted' || result.state === 'failed') {
          if (def.protocol.onInterruption === 'stop')
            throw AppFailure.of(
              'CONNECTION_LOST',
              `Stopped after ${run.queryId} on ${server.label}: ${result.error ?? result.state}.`,
              {
                hint: 'Check the server (a sandbox: its log on the Sandboxes screen). The protocol says to stop when a server drops or restarts mid-run; "mark that run interrupted and go on" keeps going past one.',
              },
            );
          // Go on: the server may have restarted, so set the configuration again before the next run.
          currentCell = null;
          if (result.state === 'interrupted' && server.sandboxId) {
            const note = await this.startAgainIfStopped(server, server.sandboxId, changes.startup, run);
            if (note) {
              startedAgain.set(server.label, note);
              if (needsOwnStart) restartedWithOptions.add(server.label);
            }
          }
        }
      }
      progress('done', null);
    } catch (e) {
      const failure =
        e instanceof AppFailure ? e : AppFailure.of('INTERNAL', e instanceof Error ? e.message : String(e));
      state = failure.error.code === 'CANCELLED' ? 'cancelled' : 'failed';
      // With its hint: how it ended says what to do next too.
      error = failure.error.code === 'CANCELLED' ? failure.error.message : formatError(failure.error);
    }
    const restored = await this.putBack(def.servers, touched, restartedWithOptions);
    return { state, results, loads, error, restored };
  }

  /**
   * After a run was interrupted: a sandbox that no longer answers (killed, crashed) is started again on
   * the configuration's startup options, so the experiment can go on; null when it still answers.
   */
  private async startAgainIfStopped(
    server: ExperimentServer,
    sandboxId: string,
    startup: Record<string, string>,
    run: PlannedRun,
  ): Promise<ColdMethod | null> {
    try {
      await (await this.deps.connect(server)).close();
      return null;
    } catch {
      // It does not answer: start it again below.
    }
    await this.deps.restartSandbox(sandboxId, startup);
    return {
      how: 'restart-only',
      note: `${server.label} restarted after it stopped during ${run.queryId} (${passLabel(run.pass)}): this run started on an empty buffer pool.`,
    };
  }

  /** Restores every server's globals from the journal and restarts on their own options those started with others. */
  private async putBack(
    servers: ExperimentServer[],
    touched: Set<string>,
    restartedWithOptions: Set<string>,
  ): Promise<string[]> {
    const said: string[] = [];
    for (const server of servers) {
      if (restartedWithOptions.has(server.label) && server.sandboxId) {
        try {
          await this.deps.restartSandbox(server.sandboxId, {});
          said.push(`${server.label}: restarted on its own options`);
        } catch (e) {
          said.push(`${server.label}: could not restart it on its own options: ${(e as Error).message}`);
        }
      }
      if (!touched.has(server.label)) continue;
      try {
        const c = await this.deps.connect(server);
        try {
          const entries = await this.deps.journal.restore(c, server.profileId);
          if (entries.length)
            said.push(
              `${server.label}: ${entries.map((e) => `${e.variable} back to ${formatSettingValue(e.variable, e.before)}`).join(', ')}`,
            );
        } finally {
          await c.close();
        }
      } catch (e) {
        said.push(
          `${server.label}: could not restore its settings now (${(e as Error).message}); the journal keeps them and the next connection restores them`,
        );
      }
    }
    return said;
  }
}

function mean(xs: number[] | undefined): number | undefined {
  return xs && xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
}
