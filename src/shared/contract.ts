/**
 * The one API contract between the renderer and main, carried by both transports
 * (Electron IPC and browser-mode WebSocket). Each request is 'domain/verb' with one object
 * argument; its zod schema validates the argument in main, at the boundary. Results come back
 * as Result<T>, so errors are values on both sides.
 */
import { z } from './zod';
import type { Result } from './result';
import { oldBlocksPctSchema, oldBlocksTimeSchema } from './server/lru-settings';
import { ReferenceFigureSchema } from './published/reference-figures';
import {
  DatasetGenerateSpecSchema,
  DatasetImportSpecSchema,
  type DatasetListing,
  type DatasetTaskStarted,
  type VerifyProgress,
} from './datasets/datasets';
import {
  ProfileDraftSchema,
  SandboxSpecSchema,
  type CapabilityReport,
  type ConnectionProfile,
  type ConnectionTestResult,
  type ProfileListing,
  type SandboxInfo,
  type SandboxResize,
  type ServerBinary,
} from './models';
import {
  CustomQueryDraftSchema,
  RunSpecSchema,
  type CatalogueQuery,
  type ExplainCapture,
  type RunResult,
  type RunState,
} from './runs/runs';
import type { LiveRunSample } from './runs/lru-map-codec';
import {
  LoadDriverSchema,
  LoadSweepSpecSchema,
  type LoadResult,
  type LoadSecond,
  type LoadStep,
} from './load/oltp-load';
import type { TaskInfo, TaskOutcome, TaskProgress, TaskStarted } from './app/tasks';
import type { CommandId } from './app/commands';
import type { MixedLoadResult } from './load/mixed-load';
import { MAX_UPLOAD_CHARS, type ExperimentFile, type RecentFile } from './experiments/experiment-file';
import {
  ExperimentServerSchema,
  type ExperimentCheck,
  type ExperimentDefinition,
  type ExperimentFinished,
  type ExperimentProgress,
} from './experiments/experiments';

const id = z.string().min(1).max(100);
/** A password typed by the user for this session; never persisted in plain text. */
const password = z.string().max(1024).optional();

export const requestSchemas = {
  'app/info': z.object({}),
  'profiles/list': z.object({}),
  'profiles/save': z.object({
    draft: ProfileDraftSchema,
    password,
    rememberPassword: z.boolean().optional(),
  }),
  'profiles/delete': z.object({ id }),
  'profiles/forget-password': z.object({ id }),
  'connections/test': z.object({ profileId: id, password }),
  /** The editor's profile tested as it stands, unsaved: nothing is written, no password kept. */
  'connections/test-draft': z.object({ draft: ProfileDraftSchema, password }),
  'connections/capabilities': z.object({ profileId: id, password }),
  'sandboxes/list': z.object({}),
  'sandboxes/find-binaries': z.object({ basedir: z.string().min(1).optional() }),
  // Create and start run as tasks (kinds 'sandbox-create', 'sandbox-start': 'task/progress' while the data
  // folder is initialised and the server starts) and answer the task's id at once; tasks/wait answers the
  // sandbox; tasks/cancel ends them with CANCELLED: a cancelled create leaves nothing, a cancelled start
  // leaves the sandbox stopped with its data. A spec refused before anything is written fails the request.
  'sandboxes/create': z.object({
    spec: SandboxSpecSchema,
    start: z.boolean().default(true),
    /** Keep the sandbox (its folder and error log) when its first start fails; by default it is removed. */
    keepFailed: z.boolean().default(false),
  }),
  'sandboxes/start': z.object({ id }),
  // BUSY while another live bplab process uses the sandbox (a load on it, or it started it); force stops it anyway.
  'sandboxes/stop': z.object({ id, force: z.boolean().default(false) }),
  // options: extra mysqld options for this start only (never saved to the spec; owned ones refused).
  'sandboxes/restart': z.object({ id, options: z.record(z.string(), z.string()).optional() }),
  'sandboxes/delete': z.object({ id }),
  // The sandbox's pool made another size and kept in its spec: online where the server can, else by a
  // restart (stopped: the spec alone). BUSY while another live bplab process uses the sandbox; a size
  // the server cannot take is refused in words (the service checks it: any text reaches it).
  'sandboxes/resize': z.object({ id, bufferPoolSize: z.string().min(1).max(40) }),
  'sandboxes/log': z.object({ id, maxBytes: z.number().int().min(1).max(4_000_000).default(64_000) }),
  // SSB datasets on a profile's server (a sandbox's too: it has a profile). Loads and verifies run as
  // tasks reporting 'task/progress' (cancel: tasks/cancel); create and import answer at once with the taskId.
  'datasets/list': z.object({ profileId: id, password }),
  'datasets/create': z.object({ profileId: id, password, spec: DatasetGenerateSpecSchema }),
  'datasets/import': z.object({ profileId: id, password, spec: DatasetImportSpecSchema }),
  'datasets/verify': z.object({ profileId: id, password, schema: z.string().min(1).max(64) }),
  'datasets/drop': z.object({ profileId: id, password, schema: z.string().min(1).max(64) }),
  // Experiments (issue 9): presets, inline checks, runs as a task of kind 'experiment' reporting
  // 'experiments/progress'; a results file opens and saves with no server.
  'experiments/presets': z.object({}),
  'experiments/preset': z.object({
    presetId: id,
    servers: z.array(ExperimentServerSchema).min(1),
    schema: z.string().min(1).max(64),
  }),
  'experiments/check': z.object({ definition: z.unknown() }),
  'experiments/start': z.object({ definition: z.unknown(), file: z.string().min(1).optional() }),
  // samples 'none': the runs' live samples are left out (empty), for a comparison that reads none of
  // them; view 'comparison' leaves out the rest the comparison never reads too (SQL text, EXPLAIN's
  // JSON, raw pool-stats columns, the LRU before: main's ParseOptions). Such a copy is for reading
  // only, never saved back.
  'experiments/open': z.object({
    file: z.string().min(1),
    samples: z.enum(['all', 'none']).default('all'),
    view: z.enum(['whole', 'comparison']).default('whole'),
  }),
  'experiments/save': z.object({ from: z.string().min(1), to: z.string().min(1) }),
  // The page's own text of a file: a file dropped in browser mode is parsed (checked as open checks a
  // file; name is what errors call it), a draft or an uploaded file written (checked first, atomic).
  'experiments/parse': z.object({ name: z.string().min(1).max(500), text: z.string().max(MAX_UPLOAD_CHARS) }),
  'experiments/write': z.object({ file: z.string().min(1), text: z.string().max(MAX_UPLOAD_CHARS) }),
  // Files opened or saved lately (kept in the data folder), each saying whether it is still there.
  'experiments/recent': z.object({}),
  // Reports of a comparison (issue 10), made in main from the results files themselves: the chosen
  // configurations (labels as the comparison names them, the baseline first) as a self-contained HTML
  // file, a folder of CSV files, or a Markdown summary. No password is ever sent or written.
  // A results file of any kind the comparison reads, by its path: an experiment or run file (as
  // experiments/open's view 'comparison' without samples), a `bplab load` result, a `bplab load --during` result.
  'reports/open': z.object({ file: z.string().min(1).max(4096) }),
  // Reference figures kept in an experiment file's definition (a vendor's claim, an earlier result),
  // as `bplab compare --reference F --keep` keeps them: a figure of the same id is replaced.
  'reports/add-references': z.object({
    file: z.string().min(1).max(4096),
    figures: z.array(ReferenceFigureSchema).min(1).max(50),
  }),
  'reports/export': z.object({
    files: z.array(z.string().min(1)).min(1).max(50),
    sides: z.array(z.string().min(1)).min(2, 'choose at least two configurations').optional(),
    // How the runs are grouped into sides (shared/compare/grouping.ts); absent: per configuration.
    grouping: z.enum(['configuration', 'variant', 'query', 'server']).optional(),
    format: z.enum(['html', 'csv', 'md']),
    to: z.string().min(1),
    // Add the simulator's section (every run replayed through the LRU simulated: slower).
    whatif: z.boolean().optional(),
  }),
  // Long jobs of every bplab process sharing the data folder (loads, verifies, runs, experiments, a
  // sandbox's create or start); cancel stops one of this process at once, and asks another live
  // process to stop one of its own.
  'tasks/list': z.object({}),
  'tasks/cancel': z.object({ taskId: id }),
  // Answers when one of this process's tasks ends: its outcome, or its failure (CANCELLED when cancelled).
  'tasks/wait': z.object({ taskId: id }),
  // The query catalogue: SSB's 13 queries with their join-order variants, and the user's own (reads only).
  'queries/list': z.object({}),
  'queries/save': z.object({ draft: CustomQueryDraftSchema }),
  'queries/delete': z.object({ id }),
  'queries/explain': z.object({
    profileId: id,
    password,
    queryId: id,
    variant: z.string().min(1).max(40).default('base'),
    schema: z.string().min(1).max(64),
  }),
  // A run of one query with full capture, as a task (its taskId is its runId); samples stream as 'runs/sample'.
  'runs/start': z.object({ profileId: id, password, spec: RunSpecSchema }),
  'runs/list': z.object({ profileId: id.optional() }),
  'runs/get': z.object({ runId: id }),
  'runs/delete': z.object({ runId: id }),
  // sysbench's OLTP load (posts 002, 004) as a task: the tables prepared or reused, then the sweep;
  // each second and each step stream as 'load/second' and 'load/step'; tasks/wait answers the result.
  'load/start': z.object({
    profileId: id,
    password,
    spec: LoadSweepSpecSchema,
    driver: LoadDriverSchema.optional(),
  }),
  // A saved result of the mixed preset (bplab load --during), read by main from its path.
  'load/open-mixed': z.object({ file: z.string().min(1).max(4096) }),
  // A saved run replayed through InnoDB's LRU simulated (src/shared/whatif): simulated vs measured, curves.
  // A task ('whatif') in the simulator's worker thread: tasks/wait answers the replay, tasks/cancel stops it.
  'runs/whatif': z.object({
    runId: id,
    oldBlocksTimes: z.array(oldBlocksTimeSchema).min(1).max(4).optional(),
    oldBlocksPcts: z.array(oldBlocksPctSchema).min(1).max(4).optional(),
    points: z.number().int().min(2).max(32).default(12),
  }),
  // A comparison's runs through the simulator: each at its own settings beside what it measured
  // ('check'), or each side's runs one after the other as miss-ratio curves ('curves'). A run is read
  // from the results file it came from, or from the saved runs by its id. A task, as runs/whatif.
  'runs/whatif-compare': z.object({
    sides: z
      .array(
        z.object({
          label: z.string().min(1).max(300),
          runs: z
            .array(z.object({ runId: id, file: z.string().min(1).max(4096).optional() }))
            .min(1)
            .max(500),
        }),
      )
      .min(1)
      .max(12),
    curves: z
      .object({
        oldBlocksTimes: z.array(oldBlocksTimeSchema).min(1).max(4),
        oldBlocksPcts: z.array(oldBlocksPctSchema).min(1).max(4),
        points: z.number().int().min(2).max(32).default(12),
      })
      .optional(),
  }),
} as const;

export type RequestName = keyof typeof requestSchemas;
export const REQUEST_NAMES = Object.keys(requestSchemas) as RequestName[];

export interface AppInfo {
  version: string;
  transport: 'electron' | 'browser';
  dataDir: string;
  passwordPersistence: 'encrypted' | 'session-only';
}

/** The result type of each request. */
export interface ResultTypes {
  'app/info': AppInfo;
  'profiles/list': ProfileListing;
  'profiles/save': ConnectionProfile;
  'profiles/delete': { deleted: string };
  'profiles/forget-password': { id: string };
  'connections/test': ConnectionTestResult;
  'connections/test-draft': ConnectionTestResult;
  'connections/capabilities': CapabilityReport;
  'sandboxes/list': SandboxInfo[];
  'sandboxes/find-binaries': { binaries: ServerBinary[]; searched: string[] };
  'sandboxes/create': TaskStarted & { sandboxId: string };
  'sandboxes/start': TaskStarted & { sandboxId: string };
  'sandboxes/stop': SandboxInfo;
  'sandboxes/restart': SandboxInfo;
  'sandboxes/delete': { deleted: string };
  'sandboxes/resize': SandboxResize;
  'sandboxes/log': { text: string; path: string; truncated: boolean };
  'datasets/list': DatasetListing;
  'datasets/create': DatasetTaskStarted;
  'datasets/import': DatasetTaskStarted;
  'datasets/verify': DatasetTaskStarted;
  'datasets/drop': { dropped: string };
  /** oltp: the preset runs load steps on sysbench's tables and reads no SSB dataset (posts 002, 004). */
  'experiments/presets': Array<{ id: string; title: string; source: string; oltp: boolean }>;
  'experiments/preset': ExperimentDefinition;
  'experiments/check': ExperimentCheck;
  'experiments/start': { experimentId: string; taskId: string; file: string };
  'experiments/open': ExperimentFile;
  'experiments/save': { file: string };
  'experiments/parse': ExperimentFile;
  'experiments/write': { file: string };
  'experiments/recent': RecentFile[];
  'reports/open': OpenedResults;
  'reports/add-references': { file: string; references: number };
  'reports/export': ReportExport;
  'tasks/list': TaskInfo[];
  'tasks/cancel': { taskId: string; cancelled: boolean };
  'tasks/wait': TaskOutcome;
  'queries/list': CatalogueQuery[];
  'queries/save': CatalogueQuery;
  'queries/delete': { deleted: string };
  'queries/explain': ExplainCapture;
  'runs/start': { runId: string; taskId: string };
  'runs/list': RunSummary[];
  'runs/get': RunResult;
  'runs/delete': { deleted: string };
  'load/start': TaskStarted;
  'load/open-mixed': MixedLoadResult;
  /** The replay's task; tasks/wait answers a RunWhatIf (the report, or why the run cannot be replayed). */
  'runs/whatif': TaskStarted;
  /** The replay's task; tasks/wait answers a WhatIfComparison (the check, or each side's curves). */
  'runs/whatif-compare': TaskStarted;
}

/** What reports/export wrote: every file, their size in bytes, and how long making them took. */
/** A results file the comparison opened, by what it holds. */
export type OpenedResults =
  | { kind: 'experiment'; experiment: ExperimentFile }
  | { kind: 'load'; result: LoadResult }
  | { kind: 'mixed'; result: MixedLoadResult };

export interface ReportExport {
  format: 'html' | 'csv' | 'md';
  written: string[];
  bytes: number;
  ms: number;
}

/** A saved run as lists show it: enough to tell it from the others (server, pool, settings, where it came from). */
export interface RunSummary {
  runId: string;
  profileId: string;
  queryId: string;
  variant: string;
  schema: string;
  startedAt: string;
  state: RunState;
  elapsedMs: number | null;
  rows: number | null;
  /** "MySQL 8.0.31": the server the run read, from its settings. */
  server: string;
  poolBytes: number;
  /** The settings in force that runs differ on, each formatted ("innodb_old_blocks_time", "1000 ms"). */
  settings: Array<{ name: string; value: string }>;
  /** The experiment that ran it, or null for a run of its own. */
  experiment: { name: string; configuration: string; pass: string } | null;
  /** The run was traced (its time includes the probes' cost). */
  traced: boolean;
}

/** What the caller passes (defaults may be omitted). */
export type RequestArgs<N extends RequestName> = z.input<(typeof requestSchemas)[N]>;
/** What a handler receives after validation (defaults filled in). */
export type ParsedArgs<N extends RequestName> = z.output<(typeof requestSchemas)[N]>;
export type RequestResult<N extends RequestName> = ResultTypes[N];

/** Events main pushes to every connected renderer. */
export interface EventTypes {
  'sandboxes/changed': SandboxInfo;
  /** Progress of a long task (a load, a run); the task is named by taskId. */
  'task/progress': TaskProgress;
  /** A verify's counts as they finish (the request itself answers with the report). */
  'datasets/verify-progress': VerifyProgress;
  /** A run's live frame (its LRU map packed: shared/runs/lru-map-codec); a slow renderer gets the latest frame, not a queue. */
  'runs/sample': LiveRunSample;
  /** Where a running experiment is: which cell, elapsed, time left. */
  'experiments/progress': ExperimentProgress & { experimentId: string };
  /**
   * A menu command for the focused window (desktop app only; browser mode reads the same shortcuts from
   * the keyboard); `file` names the file it is about (File › Open Recent › a file).
   */
  'app/command': { command: CommandId; file?: string };
  /** The recent files changed (a file opened, saved or started into, or the list cleared): the list now. */
  'experiments/recent-changed': RecentFile[];
  /** How a started experiment ended, and what the settings journal put back. */
  'experiments/finished': ExperimentFinished;
  /** One second of a running load's step (warm-up or counted): QPS, errors, latency. */
  'load/second': { taskId: string; clients: number; second: LoadSecond };
  /** A load's step as it ended. */
  'load/step': { taskId: string; step: LoadStep };
}
export type EventName = keyof EventTypes;
export const EVENT_NAMES: EventName[] = [
  'sandboxes/changed',
  'task/progress',
  'datasets/verify-progress',
  'runs/sample',
  'experiments/progress',
  'app/command',
  'experiments/finished',
  'experiments/recent-changed',
  'load/second',
  'load/step',
];

export interface EventEnvelope<E extends EventName = EventName> {
  event: E;
  payload: EventTypes[E];
}

/** The whole API as one typed client. Both transports implement it; the renderer only sees this. */
export interface BplabApi {
  invoke<N extends RequestName>(name: N, args: RequestArgs<N>): Promise<Result<RequestResult<N>>>;
  /** Subscribe to pushed events; returns an unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): () => void;
}

/** The desktop app's file dialogs (window.bplabFiles, Electron only): the path chosen, or null. */
export interface FileDialogs {
  pickOpen(): Promise<string | null>;
  /** Several files at once (the comparison's results files): the paths chosen, none when dismissed. */
  pickOpenMany(): Promise<string[]>;
  /** A file dropped into the window (a DOM File): its path on disk, or null when it has none. */
  pathOf(file: object): string | null;
  /** `suggested` is the file name the dialog proposes. */
  pickSave(suggested: string): Promise<string | null>;
}

// ---------- wire format (shared by the WebSocket transport and the Electron bridge) ----------

export interface WireRequest {
  type: 'request';
  id: number;
  name: string;
  args: unknown;
}
export interface WireResponse {
  type: 'response';
  id: number;
  result: Result<unknown>;
}
export interface WireEvent {
  type: 'event';
  event: EventName;
  payload: unknown;
}
export type WireMessage = WireRequest | WireResponse | WireEvent;
