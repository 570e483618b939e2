/**
 * Private MySQL/MariaDB servers that bplab creates, starts, stops and deletes itself, the way
 * the original benchmarks used MySQL Sandbox. Each lives in <root>/<id>/ (datadir, error log,
 * metadata), listens only on 127.0.0.1, is always started with --no-defaults, and never touches
 * a system service. Restart is how cold runs get a cold buffer pool. A create and a start are
 * tasks (listed, with progress, cancelled by tasks/cancel or an AbortSignal): a cancel kills the
 * server (or the tool initialising its data folder), waits for it to be gone, and leaves no trace of
 * a sandbox being created and an existing one stopped and intact.
 */
import { existsSync } from 'node:fs';
import {
  sandboxIdOf,
  type ConnectionProfile,
  type SandboxInfo,
  type SandboxResize,
  type SandboxSpec,
  type SandboxSpecParsed,
} from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { describeHolder, type LeaseStore } from '../tasks/leases';
import type { TaskRegistry } from '../tasks/registry';
import { SandboxClaims } from './claims';
import { freePort, isPortFree } from './ports';
import { purgeBeforeRestart } from './restart-purge';
import { DatadirTemplates } from './datadir-templates';
import { checkNewSandbox, firstStartFailed, makeSandbox } from './sandbox-create';
import { SandboxFolders, type SandboxMeta, type TemporaryOptions } from './sandbox-folder';
import { checkPoolSize, resizeSandbox, type OnlineResize, type ResizeSteps } from './sandbox-resize';
import { SandboxStates } from './sandbox-states';
import { adminOptions, restartOptions, sandboxProfile } from './server-args';
import {
  UNCANCELLABLE,
  createCancelled,
  isCancelled,
  killServer,
  launchServer,
  runJob,
  shutdownServer,
  startCancelled,
  type Job,
} from './server-lifecycle';
import { isAlive } from './server-process';

/** Keeps a connection profile for each sandbox in bplab's profile store. */
export interface SandboxProfileSink {
  upsert(profile: ConnectionProfile): Promise<void>;
  remove(profileId: string): Promise<void>;
}

export interface SandboxServiceDeps {
  /** Folder holding one sub-folder per sandbox, e.g. <dataDir>/sandboxes. */
  root: string;
  onChange?: (info: SandboxInfo) => void;
  profiles?: SandboxProfileSink;
  log?: (line: string) => void;
  /**
   * Leases shared with the other bplab processes on this data folder: this process holds one on each
   * sandbox it starts (or finds running and uses), and does not stop one another live process uses.
   */
  leases?: LeaseStore;
  /**
   * Runs each create and start as a task (kinds 'sandbox-create', 'sandbox-start'): listed by
   * tasks/list, its progress in 'task/progress', cancelled by tasks/cancel. Without it (tests of one
   * service) only the caller's signal cancels them.
   */
  tasks?: TaskRegistry;
  /** Initialised data folders kept per server binary (datadir-templates.ts); without it, every create initialises. */
  templates?: string;
  /** Resizes a running sandbox's pool online (app.ts hands in the experiments' resize); without it, a resize restarts. */
  resizeOnline?: OnlineResize;
  /** How long a server may take to accept connections after it is spawned. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

/** What create and start take beside their arguments: cancel it with this signal (tasks/cancel does too). */
export interface SandboxJobOptions {
  signal?: AbortSignal;
}

export class SandboxService {
  private readonly folders: SandboxFolders;
  private readonly claims: SandboxClaims;
  private readonly states: SandboxStates;
  private readonly startTimeoutMs: number;
  private readonly stopTimeoutMs: number;

  constructor(private readonly deps: SandboxServiceDeps) {
    this.folders = new SandboxFolders(deps.root);
    this.claims = new SandboxClaims(deps.leases);
    this.states = new SandboxStates(this.folders, deps.onChange);
    this.startTimeoutMs = deps.startTimeoutMs ?? 180_000;
    this.stopTimeoutMs = deps.stopTimeoutMs ?? 90_000;
  }

  async list(): Promise<SandboxInfo[]> {
    return this.folders
      .ids()
      .map((id) => this.states.info(this.readMeta(id)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async get(id: string): Promise<SandboxInfo> {
    return this.states.info(this.readMeta(id));
  }

  /** The newest part of the server's error log. */
  async log(id: string, maxBytes = 64_000): Promise<{ text: string; path: string; truncated: boolean }> {
    this.readMeta(id);
    return this.folders.errorLogTail(id, maxBytes);
  }

  /** Connection options for the sandbox's root user over loopback TCP. */
  connectionOptions(info: Pick<SandboxInfo, 'port'>): {
    host: string;
    port: number;
    user: string;
    password: string;
  } {
    return adminOptions(info.port);
  }

  /**
   * Options bplab owns and buffer pool sizes the server cannot take are refused before anything is
   * written. When the first start fails, the sandbox is removed again unless keepFailed; when the
   * create is cancelled (initialising or starting), it is removed whatever keepFailed says.
   */
  async create(
    input: SandboxSpec,
    opts: { start?: boolean; keepFailed?: boolean } & SandboxJobOptions = {},
  ): Promise<SandboxInfo> {
    return this.createJob(input, opts).result;
  }

  /** create as a task that answers at once (sandboxes/create): tasks/wait gives the sandbox. */
  beginCreate(
    input: SandboxSpec,
    opts: { start?: boolean; keepFailed?: boolean } = {},
  ): { taskId: string; sandboxId: string } {
    const job = this.createJob(input, opts);
    return { taskId: begun(job), sandboxId: sandboxIdOf(input.name) };
  }

  private createJob(input: SandboxSpec, opts: { start?: boolean; keepFailed?: boolean } & SandboxJobOptions) {
    const { spec, id } = checkNewSandbox(input, this.folders);
    return runJob(
      this.deps.tasks,
      {
        kind: 'sandbox-create',
        title: `create sandbox ${spec.name}`,
        doing: `create sandbox "${spec.name}"`,
        sandboxId: id,
      },
      opts.signal,
      (job) => this.createWith(spec, id, opts, job),
    );
  }

  private async createWith(
    spec: SandboxSpecParsed,
    id: string,
    opts: { start?: boolean; keepFailed?: boolean },
    job: Job,
  ): Promise<SandboxInfo> {
    const templates = this.deps.templates ? new DatadirTemplates(this.deps.templates) : undefined;
    const meta = await makeSandbox(spec, id, this.folders, job, templates);
    await this.deps.profiles?.upsert(sandboxProfile(meta));
    this.states.changed(meta);
    if (opts.start === false) return this.states.info(meta);
    try {
      return await this.startClaimed(meta, job);
    } catch (e) {
      if (isCancelled(e)) {
        await this.discard(meta);
        throw createCancelled(spec.name);
      }
      if (opts.keepFailed || !(e instanceof AppFailure) || e.error.code !== 'SANDBOX_FAILED') throw e;
      await this.discard(meta);
      throw firstStartFailed(e);
    }
  }

  /**
   * Starts the server; BUSY while another bplab process starts, stops, restarts or deletes it.
   * Cancelled, it leaves the sandbox stopped with its data as it was.
   */
  async start(id: string, opts: SandboxJobOptions = {}): Promise<SandboxInfo> {
    return this.startJob(id, opts).result;
  }

  /** start as a task that answers at once (sandboxes/start): tasks/wait gives the sandbox. */
  beginStart(id: string): { taskId: string; sandboxId: string } {
    return { taskId: begun(this.startJob(id, {})), sandboxId: id };
  }

  private startJob(id: string, opts: SandboxJobOptions) {
    const meta = this.readMeta(id);
    return runJob(
      this.deps.tasks,
      {
        kind: 'sandbox-start',
        title: `start sandbox ${meta.name}`,
        doing: `start sandbox "${meta.name}"`,
        profileId: meta.profileId,
        sandboxId: id,
      },
      opts.signal,
      (job) => this.startClaimed(meta, job),
    );
  }

  /** A start under the sandbox-op lease that tells the other processes it is under way. */
  private async startClaimed(meta: SandboxMeta, job: Job): Promise<SandboxInfo> {
    const release = this.claims.claim(meta, 'start', 'operations');
    try {
      return await this.startWith(meta.id, {}, job);
    } finally {
      release();
    }
  }

  private async startWith(
    id: string,
    extra: Record<string, string>,
    job: Job = UNCANCELLABLE,
    /** False for a restart of a server this process found running: it stays the starter's on quit. */
    startedHere = true,
  ): Promise<SandboxInfo> {
    return this.states.exclusive(id, 'starting', async (meta) => {
      if (job.signal.aborted) throw startCancelled(meta.name);
      if (this.states.alivePid(meta)) {
        this.claims.hold(meta, false);
        return this.states.info(meta);
      }
      if (Object.keys(extra).length === 0) this.folders.forgetTemporaryOptions(meta.id);
      if (!(await isPortFree(meta.port))) {
        if (meta.spec.port) {
          throw AppFailure.of(
            'PORT_IN_USE',
            `Port ${meta.port} on 127.0.0.1 is already in use by another program.`,
            {
              hint: 'Stop that program, or edit the sandbox to use another port (leave it blank for a free one).',
              details: { port: meta.port },
            },
          );
        }
        meta.port = await freePort();
        this.folders.writeMeta(meta);
        await this.deps.profiles?.upsert(sandboxProfile(meta));
      }
      await launchServer(meta, this.folders, extra, job, {
        startTimeoutMs: this.startTimeoutMs,
        spawned: (pid) => this.states.setPid(id, pid),
        // A server that dies on its own (a crash, an external SHUTDOWN) shows up in the list at once.
        exited: () => {
          if (!this.states.busy(id)) this.states.changed(meta);
        },
      });
      this.claims.hold(meta, startedHere);
      return this.states.info(meta);
    });
  }

  /**
   * Stops the server; BUSY, naming the job and its process, while another live bplab process uses
   * the sandbox, unless `force`.
   */
  async stop(id: string, opts: { force?: boolean } = {}): Promise<SandboxInfo> {
    const release = this.claims.claim(this.readMeta(id), 'stop', opts.force ? 'operations' : 'users');
    try {
      return await this.stopServer(id);
    } finally {
      release();
    }
  }

  private async stopServer(id: string, end: 'shutdown' | 'kill' = 'shutdown'): Promise<SandboxInfo> {
    return this.states.exclusive(id, 'stopping', async (meta) => {
      this.claims.release(meta.id);
      const pid = this.states.alivePid(meta);
      if (pid && end === 'kill') await killServer(pid, meta.socketPath);
      else if (pid) await shutdownServer(pid, meta.port, this.stopTimeoutMs);
      return this.states.info(meta);
    });
  }

  /**
   * Stop then start: the buffer pool comes back cold; BUSY while another process uses it, unless
   * `force`. `options` are extra mysqld options for this
   * start only (an experiment's startup dimension), never saved to the spec; they are recorded in
   * the sandbox's folder before the stop, so that a bplab that dies leaves a trace the next one puts
   * back (restoreOwnOptions). Without options the sandbox comes back on its own.
   */
  async restart(
    id: string,
    opts: {
      force?: boolean;
      options?: Record<string, string>;
      /** This start only: a buffer pool size other than the spec's (a server that cannot resize online). */
      bufferPoolSize?: string;
    } = {},
  ): Promise<SandboxInfo> {
    const meta = this.readMeta(id);
    const options = restartOptions(opts);
    const release = this.claims.claim(meta, 'restart', opts.force ? 'operations' : 'users');
    try {
      if (Object.keys(options).length > 0) {
        const record: TemporaryOptions = { options, ownerPid: process.pid, since: new Date().toISOString() };
        this.folders.writeTemporaryOptions(id, record);
      }
      // A server found running that this process did not start (`bplab sandbox start`, another bplab)
      // is not this process's to stop when it quits because it restarted it (`bplab run`'s cold pass did).
      const startedHere =
        !this.states.alivePid(meta) || this.claims.held().some(([held, h]) => held === id && h.started);
      if (meta.flavor === 'mariadb' && this.states.alivePid(meta)) await purgeBeforeRestart(meta.port);
      await this.stopServer(meta.id);
      return await this.startWith(meta.id, options, UNCANCELLABLE, startedHere);
    } finally {
      release();
    }
  }

  /**
   * Its buffer pool made `size` and kept in its spec (sandbox-resize.ts); BUSY while another live
   * bplab process uses the sandbox.
   */
  async resize(id: string, size: string): Promise<SandboxResize> {
    const meta = this.readMeta(id);
    checkPoolSize(meta, size);
    const release = this.claims.claim(meta, 'resize', 'users');
    const steps: ResizeSteps = {
      meta,
      running: this.states.alivePid(meta) !== undefined,
      writeSpec: (bufferPoolSize) =>
        this.folders.writeMeta({ ...meta, spec: { ...meta.spec, bufferPoolSize } }),
      info: () => this.states.info(this.readMeta(id)),
      ...(this.deps.resizeOnline ? { online: this.deps.resizeOnline } : {}),
      restart: () => this.restart(id),
    };
    return resizeSandbox(steps, size).finally(release);
  }

  /** The extra options a sandbox was last restarted with, while that record stands. */
  temporaryOptions(id: string): TemporaryOptions | null {
    this.readMeta(id);
    return this.folders.readTemporaryOptions(id);
  }

  /**
   * Puts back on its own options every sandbox a bplab process (now gone) left running with
   * temporary ones, and says so; a stopped one only loses the record (its next start is its own).
   * Records of a live bplab process are left alone: that process is still using them.
   */
  async restoreOwnOptions(): Promise<{ sandboxId: string; name: string; message: string }[]> {
    const restored: { sandboxId: string; name: string; message: string }[] = [];
    for (const id of this.folders.ids()) {
      const record = this.folders.readTemporaryOptions(id);
      if (!record) continue;
      if (record.ownerPid !== process.pid && isAlive(record.ownerPid)) continue;
      const meta = this.readMeta(id);
      const opts = Object.entries(record.options)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      if (this.states.alivePid(meta)) {
        await this.restart(id);
        restored.push({
          sandboxId: id,
          name: meta.name,
          message: `Sandbox "${meta.name}" was left running with ${opts} by a bplab that stopped; it was restarted on its own options.`,
        });
      } else {
        this.folders.forgetTemporaryOptions(meta.id);
        restored.push({
          sandboxId: id,
          name: meta.name,
          message: `Sandbox "${meta.name}" had been restarted with ${opts} by a bplab that stopped; it is stopped and will start on its own options.`,
        });
      }
      this.deps.log?.(restored[restored.length - 1]!.message);
    }
    return restored;
  }

  /** Kills its server (no clean shutdown: the data goes) and deletes; BUSY while another live bplab process uses it. */
  async delete(id: string): Promise<{ deleted: string }> {
    const meta = this.readMeta(id);
    const release = this.claims.claim(meta, 'delete', 'users');
    try {
      await this.stopServer(id, 'kill');
      this.folders.remove(id);
      this.states.forget(id);
      this.claims.forget(id);
      await this.deps.profiles?.remove(meta.profileId);
      return { deleted: id };
    } finally {
      release();
    }
  }

  /**
   * On quit: stop the sandboxes this process started, except those the user asked to keep running
   * and those another live bplab process uses (they keep running for it). Never one it did not start.
   */
  async stopAllExceptKept(): Promise<void> {
    for (const [id, hold] of this.claims.held()) {
      const info = existsSync(this.folders.metaPath(id)) ? this.states.info(this.readMeta(id)) : null;
      const user = this.claims.otherUsers(id)[0];
      if (hold.started && info?.status === 'running' && !info.spec.keepRunning) {
        if (user) this.deps.log?.(`left sandbox "${info.name}" running: ${describeHolder(user)} uses it`);
        else await this.stop(id, { force: true }).catch(() => {});
      }
      this.claims.release(id);
    }
  }

  /** Removes a sandbox whose first start failed: its folder, its profile, what this process knew of it. */
  private async discard(meta: SandboxMeta): Promise<void> {
    this.folders.remove(meta.id);
    this.states.forget(meta.id);
    this.claims.forget(meta.id);
    await this.deps.profiles?.remove(meta.profileId);
  }

  private readMeta(id: string): SandboxMeta {
    return this.folders.readMeta(id);
  }
}

/** A job's task id, its failure left for tasks/wait (marked handled: nobody may await it). */
function begun(job: { taskId: string | null; result: Promise<SandboxInfo> }): string {
  job.result.catch(() => {});
  if (job.taskId === null)
    throw AppFailure.of('INTERNAL', 'This bplab has no task registry to run the job in.');
  return job.taskId;
}
