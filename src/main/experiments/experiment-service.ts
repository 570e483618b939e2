/**
 * Experiments as the app and the CLI see them: presets, inline checks, starting one as a task that
 * saves its file after every result, and opening or saving a results file (no server needed).
 * Everything that touches a server is passed in (ExperimentRunnerDeps for running, ServerProbe for
 * checking), so app.ts and the CLI wire the real services.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_QUERY_SECONDS,
  DEFAULT_RESTART_SECONDS,
  ExperimentDefinitionSchema,
  estimateSeconds,
  experimentSchemas,
  planExperiment,
  type ExperimentCheck,
  type ExperimentDefinition,
  type ExperimentFinished,
  type ExperimentProgress,
  type ExperimentServer,
} from '../../shared/experiments/experiments';
import {
  EXPERIMENT_FILE_FORMAT,
  EXPERIMENT_FILE_VERSION,
  jsonPath,
  suggestedFileName,
  type ExperimentFile,
  type RecentFile,
} from '../../shared/experiments/experiment-file';
import type { DatasetEngine, DatasetInfo, DatasetState } from '../../shared/datasets/datasets';
import type { CapabilityReport, ServerFlavor } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import {
  loadExperimentFile,
  parseExperimentFile,
  saveExperimentFile,
  type ParseOptions,
} from './experiment-file';
import { writeFileAtomic } from '../files/atomic-file';
import type { RecentFiles } from './recent-files';
import { PRESETS, findPreset, serversFor, type NeededServer, type PresetArgs } from './presets';
import { engineCopyHint } from './engine-copy-hint';
import { ExperimentRunner, type ExperimentOutcome, type ExperimentRunnerDeps } from './runner';

/** What a check learns of one server (the app asks the capability, dataset and profile services). */
export interface ServerFacts {
  /** Set when the server could not be asked, in words ("cannot reach the server", ...). */
  unreachable?: string;
  capabilities?: CapabilityReport;
  /** The profile is marked production: bplab changes no global and restarts nothing there. */
  production?: boolean;
  /** The dataset's state on that server, or 'missing'. */
  dataset: DatasetState | 'missing' | 'unknown';
}

export interface ServerProbe {
  facts(server: ExperimentServer, schema: string): Promise<ServerFacts>;
  /** Bytes of the schema's tables (data + indexes), from information_schema.TABLES. */
  dataBytes(server: ExperimentServer, schema: string): Promise<number>;
  /** The catalogue's query ids, in flight order. */
  queryIds(): Promise<string[]>;
  /**
   * The same dataset in the other engine on that server (same source, SF, seed and mode, loaded
   * completely), with the bytes of its data and its keys; null when there is none.
   */
  engineCopy(server: ExperimentServer, schema: string): Promise<EngineCopy | null>;
  /** The SSB datasets recorded on that server (for the command that makes a missing engine copy). */
  datasets?(server: ExperimentServer): Promise<DatasetInfo[]>;
}

export interface EngineCopy {
  schema: string;
  engine: DatasetEngine;
  dataBytes: number;
  indexBytes: number;
}

/** The task registry as the service needs it (src/main/tasks once it lands). */
export interface ExperimentTasks {
  start<T>(
    spec: {
      kind: 'experiment';
      title: string;
      profileId?: string | null;
      schema?: string | null;
      sandboxId?: string | null;
      alsoHolds?: Array<{ profileId: string | null; schema: string | null; sandboxId: string | null }>;
    },
    work: (ctx: { taskId: string; signal: AbortSignal }) => Promise<T>,
  ): { taskId: string; result: Promise<T> };
}

export interface ExperimentServiceDeps {
  dataDir: string;
  bplabVersion: string;
  runner: ExperimentRunnerDeps;
  probe: ServerProbe;
  tasks: ExperimentTasks;
  onProgress?: (p: ExperimentProgress & { experimentId: string }) => void;
  /** How a started experiment ended, with what was restored (the app's 'experiments/finished'). */
  onFinished?: (f: ExperimentFinished) => void;
  /** The files opened and saved lately; each open, save and start puts its file on top. */
  recent?: RecentFiles;
  /** Seconds a query takes when nothing better is known (the estimate before the first run). */
  defaultQuerySeconds?: number;
  /** The server binaries installed here, to tell "not installed" from "not picked" for a preset. */
  installedServers?: () => Promise<Array<{ flavor: ServerFlavor; version: string }>>;
}

export class ExperimentService {
  constructor(private readonly deps: ExperimentServiceDeps) {}

  presets(): Array<{ id: string; title: string; source: string; oltp: boolean }> {
    return PRESETS.map(({ id, title, source, oltp }) => ({ id, title, source, oltp: oltp === true }));
  }

  async preset(presetId: string, servers: ExperimentServer[], schema: string): Promise<ExperimentDefinition> {
    const preset = findPreset(presetId);
    if (!preset)
      throw AppFailure.of('NOT_FOUND', `There is no preset "${presetId}".`, {
        hint: `The presets are ${PRESETS.map((p) => p.id).join(', ')}.`,
      });
    if (servers.length === 0) throw AppFailure.of('INVALID_ARGUMENT', 'Pick at least one server.');
    // An OLTP preset sizes its pools from its own tables, not from a dataset (there may be none).
    const dataBytes = preset.oltp
      ? 0
      : Math.max(...(await Promise.all(servers.map((s) => this.deps.probe.dataBytes(s, schema)))));
    const engines = preset.needsEngineCopy ? await this.engines(servers[0]!, schema) : undefined;
    const ordered = preset.needsServers ? await this.neededServers(preset.needsServers, servers) : undefined;
    const identities = await Promise.all(
      servers.map(
        async (s) => (await this.deps.probe.facts(s, '').catch(() => null))?.capabilities?.server ?? null,
      ),
    );
    return preset.build({
      identities,
      servers,
      schema,
      dataBytes,
      queryIds: await this.deps.probe.queryIds(),
      engines,
      ordered,
    });
  }

  /** The picked servers a preset needs, by the flavor and version their capability report gives. */
  private async neededServers(
    needs: NeededServer[],
    servers: ExperimentServer[],
  ): Promise<ExperimentServer[]> {
    const picked = await Promise.all(
      servers.map(async (server) => {
        const id = (await this.deps.probe.facts(server, '')).capabilities?.server;
        return { server, flavor: id?.flavor ?? null, version: id?.version ?? null };
      }),
    );
    return serversFor(needs, picked, (await this.deps.installedServers?.()) ?? []);
  }

  /** The schema and its copy in the other engine, by engine; a missing copy is said in words. */
  private async engines(server: ExperimentServer, schema: string): Promise<PresetArgs['engines']> {
    const copy = await this.deps.probe.engineCopy(server, schema);
    if (!copy) {
      const datasets = (await this.deps.probe.datasets?.(server).catch(() => [])) ?? [];
      throw AppFailure.of(
        'NOT_FOUND',
        `MyISAM against InnoDB needs ${schema} in both engines on ${server.label}, with the same scale factor and seed; it has only one.`,
        { hint: engineCopyHint(schema, server, datasets) },
      );
    }
    const own = await this.deps.probe.engineCopy(server, copy.schema);
    if (!own) throw AppFailure.of('NOT_FOUND', `${schema} is not a complete dataset on ${server.label}.`);
    return { [own.engine]: own, [copy.engine]: copy };
  }

  /** Inline validation: what is wrong where, how long it would take, and why it cannot run. */
  async check(input: unknown): Promise<ExperimentCheck> {
    const parsed = ExperimentDefinitionSchema.safeParse(input);
    if (!parsed.success)
      return {
        issues: parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })),
        runs: 0,
        estimatedSec: 0,
        problems: [],
        canStart: false,
      };
    const def = parsed.data;
    const plan = planExperiment(def);
    const estimatedSec = estimateSeconds(plan, {
      querySeconds: () => undefined,
      defaultQuerySeconds: this.deps.defaultQuerySeconds ?? DEFAULT_QUERY_SECONDS,
      restartSeconds: DEFAULT_RESTART_SECONDS,
    });
    const problems = new Set<string>();
    // Every dataset the runs read must be there: the experiment's, or each of a dataset dimension's.
    for (const server of def.servers)
      for (const schema of experimentSchemas(def))
        for (const p of feasibility({ ...def, schema }, server, await this.deps.probe.facts(server, schema)))
          problems.add(p);
    return {
      issues: [],
      runs: plan.length,
      estimatedSec,
      problems: [...problems],
      canStart: problems.size === 0,
    };
  }

  /**
   * Starts the experiment as a task of kind 'experiment' and answers at once; the file is saved
   * (atomically) at the start, after every result and at the end.
   */
  async start(
    input: unknown,
    opts: { file?: string } = {},
  ): Promise<{ experimentId: string; taskId: string; file: string; result: Promise<ExperimentOutcome> }> {
    const def = this.validDefinition(input);
    const checked = await this.check(def);
    if (!checked.canStart)
      throw AppFailure.of('FEATURE_MISSING', `This experiment cannot run: ${checked.problems.join('; ')}.`);
    const file = opts.file ?? freeFile(join(this.deps.dataDir, 'experiments'), def.name);
    const experimentId = randomUUID();
    const started = this.deps.tasks.start(
      {
        kind: 'experiment',
        title: `experiment ${def.name}`,
        profileId: def.servers[0]?.profileId ?? null,
        schema: def.schema,
        // Held for the whole experiment, also between its runs: another process does not stop,
        // restart or delete a sandbox of it, or drop its schema there, meanwhile (BUSY, naming
        // this experiment).
        sandboxId: def.servers[0]?.sandboxId ?? null,
        alsoHolds: def.servers.slice(1).map((s) => ({
          profileId: s.profileId ?? null,
          schema: def.schema,
          sandboxId: s.sandboxId ?? null,
        })),
      },
      ({ signal }) => this.execute(def, file, experimentId, signal),
    );
    this.deps.recent?.add(file);
    started.result.then(
      (o) => this.deps.onFinished?.({ experimentId, file, ...o }),
      (e: unknown) => {
        const error = e instanceof AppFailure ? e.error : { code: 'INTERNAL', message: String(e) };
        this.deps.onFinished?.({
          experimentId,
          file,
          state: error.code === 'CANCELLED' ? 'cancelled' : 'failed',
          error: error.message,
          restored: [],
        });
      },
    );
    return { experimentId, taskId: started.taskId, file, result: started.result };
  }

  /** Runs to the end in this process (the CLI), saving the file as it goes. */
  async execute(
    def: ExperimentDefinition,
    file: string,
    experimentId: string,
    signal: AbortSignal,
  ): Promise<ExperimentOutcome> {
    const servers = await Promise.all(
      def.servers.map(async (s) => ({
        label: s.label,
        capabilities: (await this.deps.probe.facts(s, def.schema).catch(() => null))?.capabilities ?? null,
      })),
    );
    const experiment: ExperimentFile = {
      format: EXPERIMENT_FILE_FORMAT,
      version: EXPERIMENT_FILE_VERSION,
      savedAt: new Date().toISOString(),
      bplabVersion: this.deps.bplabVersion,
      state: 'running',
      definition: def,
      servers,
      results: [],
    };
    const save = () => {
      experiment.savedAt = new Date().toISOString();
      saveExperimentFile(file, experiment);
    };
    save();
    const outcome = await new ExperimentRunner(this.deps.runner).run(def, {
      signal,
      onProgress: (p) => this.deps.onProgress?.({ ...p, experimentId }),
      onResult: (r) => {
        experiment.results.push(r);
        save();
      },
      onLoad: (l) => {
        (experiment.loads ??= []).push(l);
        save();
      },
    });
    experiment.results = outcome.results;
    if (outcome.loads.length > 0) experiment.loads = outcome.loads;
    experiment.state = outcome.state;
    save();
    return outcome;
  }

  /** A results file, read and checked; no server is needed. */
  open(file: string, opts: ParseOptions = {}): ExperimentFile {
    const experiment = loadExperimentFile(file, opts);
    this.deps.recent?.add(file);
    return experiment;
  }

  /** A file's text the page holds (dropped or uploaded in browser mode), checked as open() checks a file. */
  parse(name: string, text: string): ExperimentFile {
    return parseExperimentFile(text, name);
  }

  /** Save as: the file is checked before anything is written, then renamed into place. */
  save(file: string, experiment: ExperimentFile): { file: string } {
    saveExperimentFile(file, experiment);
    this.deps.recent?.add(file);
    return { file };
  }

  /**
   * Writes a file's text the page built (a draft) or holds (an uploaded file): checked whole as open()
   * checks a file, so nothing bplab could not open again is written, then renamed into place.
   */
  write(file: string, text: string): { file: string } {
    parseExperimentFile(text, file);
    writeFileAtomic(file, text, 0o644);
    this.deps.recent?.add(file);
    return { file };
  }

  recentFiles(): RecentFile[] {
    return this.deps.recent?.list() ?? [];
  }

  clearRecentFiles(): void {
    this.deps.recent?.clear();
  }

  private validDefinition(input: unknown): ExperimentDefinition {
    const parsed = ExperimentDefinitionSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `The experiment is not valid: at ${jsonPath(issue.path)}, ${issue.message}.`,
    );
  }
}

/** Why this experiment cannot run on this server, in words (none when it can). */
export function feasibility(
  def: ExperimentDefinition,
  server: ExperimentServer,
  facts: ServerFacts,
): string[] {
  const on = server.label;
  if (facts.unreachable) return [`${on}: ${facts.unreachable}`];
  const out: string[] = [];
  const globals = def.matrix.filter((d) => d.kind === 'global' || d.kind === 'buffer-pool-size');
  const startup = def.matrix.filter((d) => d.kind === 'startup');
  if (!server.sandboxId) {
    if (startup.length > 0)
      out.push(
        `${on} is not a bplab sandbox, so bplab cannot restart it with ${startup.map((d) => d.variable).join(', ')}`,
      );
    else if (def.protocol.cold && def.queries.length > 0)
      out.push(`${on} is not a bplab sandbox, so bplab cannot restart it for cold runs (turn cold runs off)`);
  }
  if (facts.production && (globals.length > 0 || startup.length > 0))
    out.push(`${on} is a production profile: bplab changes no global setting and restarts nothing there`);
  for (const p of facts.capabilities?.privileges ?? []) {
    const needed = p.id === 'PROCESS' || p.id === 'SELECT' || (p.id === 'SET_GLOBAL' && globals.length > 0);
    if (needed && !p.present)
      out.push(`${on}: not allowed: the user lacks ${p.label}, needed for ${sentencePart(p.blocks)}`);
  }
  // A load-only experiment reads no SSB dataset: its sweeps prepare the sbtest tables they miss.
  if (def.queries.length === 0) return out;
  if (facts.dataset === 'missing') out.push(`${on} has no dataset ${def.schema}`);
  else if (facts.dataset !== 'complete' && facts.dataset !== 'unknown')
    out.push(`${on}: the dataset ${def.schema} is not complete (its load is ${facts.dataset})`);
  return out;
}

/** "Reading the pool." as the end of a sentence: "reading the pool". */
function sentencePart(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace(/\.$/, '');
}

/**
 * Where an experiment started without a file of its own is saved: the data folder's experiments/, under
 * its name, never on an earlier experiment's results ("name-2.bplab.json" when "name" is taken).
 */
function freeFile(dir: string, name: string): string {
  for (let n = 1; ; n++) {
    const file = join(dir, suggestedFileName(name, n));
    if (!existsSync(file)) return file;
  }
}
