/**
 * Private MySQL/MariaDB servers that bplab creates, starts, stops and deletes itself, the way
 * the original benchmarks used MySQL Sandbox. Each lives in <root>/<id>/ (datadir, error log,
 * metadata), listens only on 127.0.0.1, is always started with --no-defaults, and never touches
 * a system service. Restart is how cold runs get a cold buffer pool. A create and a start are
 * tasks (listed, with progress, cancelled by tasks/cancel or an AbortSignal): a cancel kills the
 * server (or the tool initialising its data folder), waits for it to be gone, and leaves no trace of
 * a sandbox being created and an existing one stopped and intact.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import {
  SandboxSpecSchema,
  sandboxIdOf,
  type ConnectionProfile,
  type SandboxInfo,
  type SandboxSpec,
  type SandboxSpecParsed,
  type SandboxStatus,
  type ServerBinary,
} from '../../shared/models';
import { isByteSize, parseByteSize } from '../../shared/byte-size';
import { AppFailure } from '../../shared/result';
import { bufferPoolSizeProblem, KEEP_FAILED_LABEL, refusedOptions } from '../../shared/sandbox-options';
import { writeFileAtomic } from '../files/atomic-file';
import { notLoopback, readListening, recordListening, recordedListening } from './listening';
import { describeHolder, type LeaseStore } from '../tasks/leases';
import type { TaskRegistry, TaskSpec, TaskUpdate } from '../tasks/registry';
import { freePort, isPortFree } from './ports';
import { CANCEL_GRACE_MS, endProcessGroup, runToLog, sleep, waitFor } from './server-process';
import { COLD_RESTART_OPTIONS, initCommand } from './server-dialect';
import { inspectBinary } from './server-binaries';
import { purgeBeforeRestart } from './restart-purge';
import { logExcerpt, logLinesFrom, startFailureReason } from './start-failure';

/** What a sandbox remembers about itself, in <root>/<id>/sandbox.json. */
interface SandboxMeta {
  id: string;
  name: string;
  flavor: ServerBinary['flavor'];
  version: string;
  binaryPath: string;
  basedir: string;
  port: number;
  socketPath: string;
  spec: SandboxSpecParsed;
  createdAt: string;
  profileId: string;
}

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
  /** How long a server may take to accept connections after it is spawned. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

interface Runtime {
  status: SandboxStatus;
  pid?: number;
  lastError?: string;
  busy?: string;
}

const SANDBOX_USER = 'root';

/** A create or start at work: its cancel signal and where its progress goes. */
interface Job {
  signal: AbortSignal;
  progress(update: TaskUpdate): void;
}

/** A start nobody can cancel (a restart, the start inside a restore). */
const UNCANCELLABLE: Job = { signal: new AbortController().signal, progress: () => {} };

/** What create and start take beside their arguments: cancel it with this signal (tasks/cancel does too). */
export interface SandboxJobOptions {
  signal?: AbortSignal;
}

/** A sandbox this process holds a lease on; `started`: this process started its server. */
interface Hold {
  /** Null when the service runs without leases (tests of one process). */
  leaseId: string | null;
  started: boolean;
}

export class SandboxService {
  private readonly runtime = new Map<string, Runtime>();
  private readonly holds = new Map<string, Hold>();
  private readonly startTimeoutMs: number;
  private readonly stopTimeoutMs: number;

  constructor(private readonly deps: SandboxServiceDeps) {
    mkdirSync(deps.root, { recursive: true });
    this.startTimeoutMs = deps.startTimeoutMs ?? 180_000;
    this.stopTimeoutMs = deps.stopTimeoutMs ?? 90_000;
  }

  // ---------- queries ----------

  async list(): Promise<SandboxInfo[]> {
    const ids = readdirSync(this.deps.root).filter((d) => existsSync(this.metaPath(d)));
    return ids.map((id) => this.info(this.readMeta(id))).sort((a, b) => a.name.localeCompare(b.name));
  }

  async get(id: string): Promise<SandboxInfo> {
    return this.info(this.readMeta(id));
  }

  /** The newest part of the server's error log. */
  async log(id: string, maxBytes = 64_000): Promise<{ text: string; path: string; truncated: boolean }> {
    this.readMeta(id);
    const path = this.errorLogPath(id);
    if (!existsSync(path)) return { text: '', path, truncated: false };
    const buf = await readFile(path);
    const truncated = buf.length > maxBytes;
    return { text: buf.subarray(Math.max(0, buf.length - maxBytes)).toString('utf8'), path, truncated };
  }

  /** Connection options for the sandbox's root user over loopback TCP. */
  connectionOptions(info: Pick<SandboxInfo, 'port'>): {
    host: string;
    port: number;
    user: string;
    password: string;
  } {
    return { host: '127.0.0.1', port: info.port, user: SANDBOX_USER, password: '' };
  }

  // ---------- lifecycle ----------

  /**
   * Options bplab owns and buffer pool sizes the server cannot take are refused before anything is
   * written. When the first start fails, the sandbox is removed again unless keepFailed; when the
   * create is cancelled (initialising or starting), it is removed whatever keepFailed says.
   */
  async create(
    input: SandboxSpec,
    opts: { start?: boolean; keepFailed?: boolean } & SandboxJobOptions = {},
  ): Promise<SandboxInfo> {
    const refused = refusedOptions(input.options ?? {});
    if (refused[0])
      throw AppFailure.of('INVALID_ARGUMENT', `Sandbox option refused: ${refused[0].message}`, {
        details: { field: 'options', option: refused[0].option, owned: refused[0].owned },
      });
    const spec = SandboxSpecSchema.parse(input);
    const id = sandboxIdOf(spec.name);
    if (existsSync(this.dir(id))) {
      throw AppFailure.of('ALREADY_EXISTS', `A sandbox named "${spec.name}" already exists.`, {
        hint: 'Pick another name, or delete the existing sandbox first.',
      });
    }
    return this.job(
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
    const binary = await inspectBinary(spec.binaryPath);
    const sizeProblem = bufferPoolSizeProblem(parseByteSize(spec.bufferPoolSize), binary, totalmem());
    if (sizeProblem)
      throw AppFailure.of('INVALID_ARGUMENT', `Sandbox "${spec.name}" cannot be created: ${sizeProblem}.`, {
        details: { field: 'bufferPoolSize' },
      });
    const port = await this.choosePort(spec.port);
    const dir = this.dir(id);
    mkdirSync(dir, { recursive: true });
    const meta: SandboxMeta = {
      id,
      name: spec.name,
      flavor: binary.flavor,
      version: binary.version,
      binaryPath: binary.path,
      basedir: binary.basedir,
      port,
      socketPath: socketPathFor(dir, id),
      spec,
      createdAt: new Date().toISOString(),
      profileId: `sandbox-${id}`,
    };
    try {
      await this.initialize(meta, binary, job);
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw isCancelled(e) ? createCancelled(spec.name) : e;
    }
    this.writeMeta(meta);
    await this.deps.profiles?.upsert(this.profileFor(meta));
    this.changed(meta);
    if (opts.start === false) return this.info(meta);
    try {
      return await this.startClaimed(meta, job);
    } catch (e) {
      if (isCancelled(e)) {
        await this.discard(meta);
        throw createCancelled(spec.name);
      }
      if (opts.keepFailed || !(e instanceof AppFailure) || e.error.code !== 'SANDBOX_FAILED') throw e;
      await this.discard(meta);
      const excerpt = e.error.details?.logExcerpt;
      throw AppFailure.of('SANDBOX_FAILED', `${e.error.message} The sandbox was removed.`, {
        hint:
          (excerpt ? `Its error log said:\n${excerpt}\n` : '') +
          `To keep a sandbox whose first start fails, with its folder and error log to read why, tick "${KEEP_FAILED_LABEL}" in the create form (bplab sandbox create --keep-failed).`,
      });
    }
  }

  /**
   * Starts the server; BUSY while another bplab process starts, stops, restarts or deletes it.
   * Cancelled, it leaves the sandbox stopped with its data as it was.
   */
  async start(id: string, opts: SandboxJobOptions = {}): Promise<SandboxInfo> {
    const meta = this.readMeta(id);
    return this.job(
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
    const release = this.claim(meta, 'start', 'operations');
    try {
      return await this.startWith(meta.id, {}, job);
    } finally {
      release();
    }
  }

  /**
   * Runs a create or a start: as a task when the service has the registry, cancelled by `signal`
   * too. Either way the work sees one signal.
   */
  private job(
    spec: TaskSpec,
    signal: AbortSignal | undefined,
    work: (job: Job) => Promise<SandboxInfo>,
  ): Promise<SandboxInfo> {
    const tasks = this.deps.tasks;
    if (!tasks) return work({ signal: signal ?? new AbortController().signal, progress: () => {} });
    return tasks.start(
      spec,
      (ctx) =>
        work({
          signal: signal ? AbortSignal.any([ctx.signal, signal]) : ctx.signal,
          progress: (u) => ctx.progress(u),
        }),
      {
        done: (info) => ({
          message: `Sandbox "${info.name}" is ${info.status === 'running' ? `running on 127.0.0.1:${info.port}` : info.status}.`,
        }),
      },
    ).result;
  }

  private async startWith(
    id: string,
    extra: Record<string, string>,
    job: Job = UNCANCELLABLE,
  ): Promise<SandboxInfo> {
    return this.exclusive(id, 'starting', async (meta) => {
      if (job.signal.aborted) throw startCancelled(meta.name);
      if (this.alivePid(meta)) {
        this.hold(meta, false);
        return this.info(meta);
      }
      if (Object.keys(extra).length === 0) this.forgetTemporaryOptions(meta);
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
        this.writeMeta(meta);
        await this.deps.profiles?.upsert(this.profileFor(meta));
      }
      mkdirSync(join(this.dir(meta.id), 'tmp'), { recursive: true });
      const args = this.serverArgs(meta, extra);
      const logStart = fileSize(this.errorLogPath(id));
      const logFd = openSync(this.errorLogPath(id), 'a');
      const child = spawn(meta.binaryPath, args, { detached: true, stdio: ['ignore', logFd, logFd] });
      closeSync(logFd);
      const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
      let exited: number | null | undefined;
      child.once('exit', (code) => {
        exited = code;
        // A server that dies on its own (a crash, an external SHUTDOWN) shows up in the list at once.
        if (!this.runtime.get(id)?.busy) this.changed(meta);
      });
      child.unref();
      this.rt(id).pid = child.pid;
      job.progress({
        phase: 'starting',
        fraction: null,
        message: `Starting sandbox "${meta.name}": waiting for it to accept connections on 127.0.0.1:${meta.port}`,
      });
      const cancel = abortOf(job.signal);
      const ready = await Promise.race([
        this.waitReady(meta, () => exited !== undefined || job.signal.aborted),
        spawnError.then((e) => `could not run ${meta.binaryPath}: ${e.message}`),
        cancel.aborted,
      ]).finally(cancel.dispose);
      if (job.signal.aborted) {
        // Asked to shut down (its data as a clean stop leaves it), killed if it does not in time.
        if (child.pid) await endProcessGroup(child.pid, 'SIGTERM', CANCEL_GRACE_MS);
        throw startCancelled(meta.name);
      }
      if (ready !== true) {
        if (child.pid && exited === undefined) killQuietly(child.pid, 'SIGKILL');
        const lines = logLinesFrom(this.errorLogPath(id), logStart);
        const reason = startFailureReason(lines);
        throw AppFailure.of(
          'SANDBOX_FAILED',
          `Sandbox "${meta.name}" did not start: ${reason ? `the server said: ${reason}.` : `${ready}.`}`,
          {
            hint: `From its error log (${this.errorLogPath(id)}):\n${logExcerpt(lines)}`,
            details: { errorLog: this.errorLogPath(id), logExcerpt: logExcerpt(lines) },
          },
        );
      }
      if (child.pid) await this.checkListening(meta, child.pid);
      this.hold(meta, true);
      return this.info(meta);
    });
  }

  /**
   * Stops the server; BUSY, naming the job and its process, while another live bplab process uses
   * the sandbox, unless `force`.
   */
  async stop(id: string, opts: { force?: boolean } = {}): Promise<SandboxInfo> {
    const release = this.claim(this.readMeta(id), 'stop', opts.force ? 'operations' : 'users');
    try {
      return await this.stopServer(id);
    } finally {
      release();
    }
  }

  private async stopServer(id: string): Promise<SandboxInfo> {
    return this.exclusive(id, 'stopping', async (meta) => {
      this.release(meta.id);
      const pid = this.alivePid(meta);
      if (!pid) return this.info(meta);
      try {
        const conn = await createConnection({ ...this.connectionOptions(meta), connectTimeout: 5000 });
        await conn.query('SHUTDOWN').catch(() => killQuietly(pid, 'SIGTERM'));
        await conn.end().catch(() => {});
      } catch {
        killQuietly(pid, 'SIGTERM');
      }
      if (!(await waitFor(() => !isAlive(pid), this.stopTimeoutMs))) {
        killQuietly(pid, 'SIGKILL');
        await waitFor(() => !isAlive(pid), 10_000);
      }
      return this.info(meta);
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
    const refused = refusedOptions(opts.options ?? {});
    if (refused.length > 0)
      throw AppFailure.of('INVALID_ARGUMENT', refused.map((r) => r.message).join(' '), {
        details: { refused: refused.map((r) => r.option).join(', ') },
      });
    if (opts.bufferPoolSize !== undefined && !isByteSize(opts.bufferPoolSize))
      throw AppFailure.of('INVALID_ARGUMENT', `"${opts.bufferPoolSize}" is not a buffer pool size.`);
    // The pool size goes through as bplab's own option (serverArgs puts it in place of the spec's).
    const options = {
      ...(opts.options ?? {}),
      ...(opts.bufferPoolSize !== undefined
        ? { [POOL_OPTION]: String(parseByteSize(opts.bufferPoolSize)) }
        : {}),
    };
    const release = this.claim(meta, 'restart', opts.force ? 'operations' : 'users');
    try {
      if (Object.keys(options).length > 0) {
        const record: TemporaryOptions = { options, ownerPid: process.pid, since: new Date().toISOString() };
        writeFileAtomic(this.temporaryOptionsPath(id), JSON.stringify(record, null, 2));
      }
      if (meta.flavor === 'mariadb' && this.alivePid(meta))
        await purgeBeforeRestart(this.connectionOptions(meta));
      await this.stopServer(meta.id);
      return await this.startWith(meta.id, options);
    } finally {
      release();
    }
  }

  /** The extra options a sandbox was last restarted with, while that record stands. */
  temporaryOptions(id: string): TemporaryOptions | null {
    this.readMeta(id);
    return readTemporaryOptions(this.temporaryOptionsPath(id));
  }

  /**
   * Puts back on its own options every sandbox a bplab process (now gone) left running with
   * temporary ones, and says so; a stopped one only loses the record (its next start is its own).
   * Records of a live bplab process are left alone: that process is still using them.
   */
  async restoreOwnOptions(): Promise<{ sandboxId: string; name: string; message: string }[]> {
    const restored: { sandboxId: string; name: string; message: string }[] = [];
    for (const id of readdirSync(this.deps.root).filter((d) => existsSync(this.metaPath(d)))) {
      const record = readTemporaryOptions(this.temporaryOptionsPath(id));
      if (!record) continue;
      if (record.ownerPid !== process.pid && isAlive(record.ownerPid)) continue;
      const meta = this.readMeta(id);
      const opts = Object.entries(record.options)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      if (this.alivePid(meta)) {
        await this.restart(id);
        restored.push({
          sandboxId: id,
          name: meta.name,
          message: `Sandbox "${meta.name}" was left running with ${opts} by a bplab that stopped; it was restarted on its own options.`,
        });
      } else {
        this.forgetTemporaryOptions(meta);
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

  /** Stops and deletes; BUSY while another live bplab process uses the sandbox. */
  async delete(id: string): Promise<{ deleted: string }> {
    const meta = this.readMeta(id);
    const release = this.claim(meta, 'delete', 'users');
    try {
      await this.stopServer(id);
      rmSync(this.dir(id), { recursive: true, force: true });
      this.runtime.delete(id);
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
    for (const [id, hold] of [...this.holds]) {
      const info = existsSync(this.metaPath(id)) ? this.info(this.readMeta(id)) : null;
      const user = this.otherUsers(id)[0];
      if (hold.started && info?.status === 'running' && !info.spec.keepRunning) {
        if (user) this.deps.log?.(`left sandbox "${info.name}" running: ${describeHolder(user)} uses it`);
        else await this.stop(id, { force: true }).catch(() => {});
      }
      this.release(id);
    }
  }

  /** Removes a sandbox whose first start failed: its folder, its profile, what this process knew of it. */
  private async discard(meta: SandboxMeta): Promise<void> {
    rmSync(this.dir(meta.id), { recursive: true, force: true });
    this.runtime.delete(meta.id);
    await this.deps.profiles?.remove(meta.profileId);
  }

  /**
   * Reads back where the server listens and keeps it beside its pid; a server listening beyond
   * loopback (its root user has no password) is killed at once.
   */
  private async checkListening(meta: SandboxMeta, pid: number): Promise<void> {
    const conn = await createConnection({ ...this.connectionOptions(meta), connectTimeout: 5000 });
    const listening = await readListening(conn).finally(() => conn.end().catch(() => {}));
    const problem = notLoopback(listening);
    if (problem) {
      killQuietly(pid, 'SIGKILL');
      throw AppFailure.of('SANDBOX_FAILED', `Sandbox "${meta.name}" was stopped at once: ${problem}.`);
    }
    recordListening(this.listeningPath(meta.id), pid, listening);
  }

  // ---------- ownership across processes ----------

  /**
   * Remembers that this process uses a sandbox (and whether it started it), under a lease the other
   * bplab processes see; `started` stays true once this process started it.
   */
  private hold(meta: SandboxMeta, started: boolean): void {
    const held = this.holds.get(meta.id);
    if (held && (held.started || !started)) return;
    if (held?.leaseId) this.deps.leases?.release(held.leaseId);
    const leaseId = this.deps.leases ? randomUUID() : null;
    if (leaseId)
      this.deps.leases!.take(
        {
          kind: 'sandbox',
          title: `sandbox ${meta.name}`,
          profileId: meta.profileId,
          schema: null,
          sandboxId: meta.id,
          startedSandbox: started,
        },
        leaseId,
      );
    this.holds.set(meta.id, { leaseId, started });
  }

  private release(id: string): void {
    const held = this.holds.get(id);
    if (held?.leaseId) this.deps.leases?.release(held.leaseId);
    this.holds.delete(id);
  }

  /** The leases of other live bplab processes on this sandbox (a task on it, or the sandbox itself). */
  private otherUsers(id: string) {
    return this.deps.leases?.holders({ sandboxId: id }).filter((v) => !v.self) ?? [];
  }

  /**
   * Takes the sandbox for a start, stop, restart or delete: the check against the other bplab
   * processes and the lease that shows this one at work are one step under the leases folder's
   * lock, so of two processes acting at once one goes ahead and the other is answered BUSY, naming
   * it. `refuse` 'users': while another live process uses the sandbox at all (a task on it, it
   * started or uses it, or it is at work on it); 'operations': only while another process starts,
   * stops, restarts or deletes it (stop --force, start). Returns the release.
   */
  private claim(
    meta: SandboxMeta,
    verb: 'start' | 'stop' | 'restart' | 'delete',
    refuse: 'users' | 'operations',
  ): () => void {
    const leases = this.deps.leases;
    if (!leases) return () => {};
    const leaseId = randomUUID();
    const holder = leases.takeUnlessHeld(
      {
        kind: 'sandbox-op',
        title: `${verb} sandbox ${meta.name}`,
        profileId: meta.profileId,
        schema: null,
        sandboxId: meta.id,
      },
      leaseId,
      (v) =>
        !v.self && v.lease.sandboxId === meta.id && (refuse === 'users' || v.lease.kind === 'sandbox-op'),
    );
    if (!holder) return () => leases.release(leaseId);
    const atWork = holder.lease.kind === 'sandbox-op';
    throw AppFailure.of(
      'BUSY',
      `Cannot ${verb} sandbox "${meta.name}": ${describeHolder(holder)} ${atWork ? 'is under way' : 'uses it'}.`,
      {
        hint: atWork
          ? 'Wait for it to end, then try again.'
          : verb === 'stop'
            ? 'Wait for that job to end, or cancel it; bplab sandbox stop --force stops the server anyway.'
            : 'Wait for that job to end, or cancel it.',
        details: { pid: holder.lease.owner.pid },
      },
    );
  }

  // ---------- internals ----------

  /**
   * The server's command line. The options bplab owns come after the user's, so that even a
   * spelling the check missed cannot override them (mysqld takes the last value given).
   */
  private forgetTemporaryOptions(meta: SandboxMeta): void {
    rmSync(this.temporaryOptionsPath(meta.id), { force: true });
  }

  private serverArgs(meta: SandboxMeta, extra: Record<string, string> = {}): string[] {
    const { spec } = meta;
    const dir = this.dir(meta.id);
    const args = [
      '--no-defaults',
      // A restart must give a cold buffer pool: no dump at shutdown, no reload at startup
      // (both default to ON since MySQL 5.7 / MariaDB 10.2; 5.5 has neither). spec.options may turn them back on.
      ...COLD_RESTART_OPTIONS,
      ...Object.entries(spec.options).map(([k, v]) => `--${k}=${v}`),
      ...Object.entries(extra)
        .filter(([k]) => k !== POOL_OPTION)
        .map(([k, v]) => `--${k}=${v}`),
      `--basedir=${meta.basedir}`,
      `--datadir=${join(dir, 'data')}`,
      `--port=${meta.port}`,
      '--bind-address=127.0.0.1',
      `--socket=${meta.socketPath}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      // Its own folder for on-disk temporary tables: in the shared /tmp, 3 of 104 LRU walks on MySQL
      // 5.5/5.6 failed deleting their #sql_<pid>_N.MYI (error 6, Errcode 2: the file was gone).
      `--tmpdir=${join(dir, 'tmp')}`,
      `--log-error=${this.errorLogPath(meta.id)}`,
      `--innodb-buffer-pool-size=${extra[POOL_OPTION] ?? parseByteSize(spec.bufferPoolSize)}`,
      `--local-infile=${spec.localInfile ? 1 : 0}`,
    ];
    if (spec.oldBlocksTimeMs !== undefined) args.push(`--innodb-old-blocks-time=${spec.oldBlocksTimeMs}`);
    if (spec.oldBlocksPct !== undefined) args.push(`--innodb-old-blocks-pct=${spec.oldBlocksPct}`);
    if (meta.flavor !== 'mariadb' && Number(meta.version.split('.')[0]) >= 8) args.push('--mysqlx=OFF');
    if (process.getuid?.() === 0) args.push('--user=root');
    return args;
  }

  private async initialize(meta: SandboxMeta, binary: ServerBinary, job: Job): Promise<void> {
    const dir = this.dir(meta.id);
    const datadir = join(dir, 'data');
    const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
    if (binary.flavor !== 'mariadb') mkdirSync(datadir, { recursive: true });
    const { cmd, args, tool } = initCommand(binary, datadir, asRoot);
    const initLog = join(dir, 'init.log');
    if (job.signal.aborted) throw createCancelled(meta.name);
    job.progress({
      phase: 'initialising',
      fraction: null,
      message: `Initialising the data folder of sandbox "${meta.name}" (${tool})`,
    });
    const code = await runToLog(cmd, args, initLog, job.signal);
    if (job.signal.aborted) throw createCancelled(meta.name);
    if (code !== 0) {
      const text = existsSync(initLog) ? readFileSync(initLog, 'utf8') : '';
      throw AppFailure.of(
        'SANDBOX_FAILED',
        `Initializing the datadir of "${meta.name}" failed (exit code ${code}).`,
        {
          hint: text.trim().split('\n').slice(-8).join('\n'),
        },
      );
    }
  }

  /** true when the server answers SELECT 1; otherwise why not. */
  private async waitReady(meta: SandboxMeta, hasExited: () => boolean): Promise<true | string> {
    const deadline = Date.now() + this.startTimeoutMs;
    while (Date.now() < deadline) {
      if (hasExited()) return 'the server exited during startup';
      try {
        const conn = await createConnection({ ...this.connectionOptions(meta), connectTimeout: 2000 });
        await conn.query('SELECT 1');
        await conn.end();
        return true;
      } catch {
        await sleep(250);
      }
    }
    return `it did not accept connections within ${Math.round(this.startTimeoutMs / 1000)} s`;
  }

  private async choosePort(requested: number | undefined): Promise<number> {
    if (!requested) return freePort();
    if (!(await isPortFree(requested))) {
      throw AppFailure.of(
        'PORT_IN_USE',
        `Port ${requested} on 127.0.0.1 is already in use by another program.`,
        {
          hint: 'Pick another port, or leave the port blank to use a free one.',
          details: { port: requested },
        },
      );
    }
    return requested;
  }

  /** Runs one lifecycle operation at a time per sandbox; status is derived from the live pid afterwards. */
  private async exclusive(
    id: string,
    status: 'starting' | 'stopping',
    work: (meta: SandboxMeta) => Promise<SandboxInfo>,
  ): Promise<SandboxInfo> {
    const meta = this.readMeta(id);
    const rt = this.rt(id);
    if (rt.busy)
      throw AppFailure.of('BUSY', `Sandbox "${meta.name}" is busy ${rt.busy}; try again when it is done.`);
    rt.busy = status;
    rt.status = status;
    delete rt.lastError;
    this.changed(meta);
    try {
      await work(meta);
      delete rt.busy;
      rt.status = 'stopped'; // info() reports 'running' while the pid lives
      return this.info(meta);
    } catch (e) {
      // A cancelled start is not a failure: the sandbox is just stopped.
      rt.status = status === 'starting' && !isCancelled(e) ? 'failed' : 'stopped';
      if (!isCancelled(e)) rt.lastError = e instanceof AppFailure ? e.error.message : (e as Error).message;
      throw e;
    } finally {
      delete rt.busy;
      this.changed(meta);
    }
  }

  private info(meta: SandboxMeta): SandboxInfo {
    const rt = this.rt(meta.id);
    const pid = this.alivePid(meta);
    const listening = pid ? recordedListening(this.listeningPath(meta.id), pid) : undefined;
    const status: SandboxStatus = rt.busy
      ? rt.status
      : pid
        ? 'running'
        : rt.status === 'failed'
          ? 'failed'
          : 'stopped';
    return {
      id: meta.id,
      name: meta.name,
      flavor: meta.flavor,
      version: meta.version,
      binaryPath: meta.binaryPath,
      basedir: meta.basedir,
      datadir: join(this.dir(meta.id), 'data'),
      port: meta.port,
      socketPath: meta.socketPath,
      status,
      ...(pid ? { pid } : {}),
      spec: meta.spec,
      createdAt: meta.createdAt,
      profileId: meta.profileId,
      ...(rt.lastError ? { lastError: rt.lastError } : {}),
      ...(listening ? { listening } : {}),
    };
  }

  /** The pid of this sandbox's server if it is alive (from memory or its pid file). */
  private alivePid(meta: SandboxMeta): number | undefined {
    const candidates = [this.runtime.get(meta.id)?.pid, readPidFile(join(this.dir(meta.id), 'mysqld.pid'))];
    for (const pid of candidates) {
      if (pid && isAlive(pid) && isOurServer(pid, join(this.dir(meta.id), 'data'))) return pid;
    }
    return undefined;
  }

  private profileFor(meta: SandboxMeta): ConnectionProfile {
    return {
      id: meta.profileId,
      name: `Sandbox ${meta.name}`,
      transport: 'tcp',
      host: '127.0.0.1',
      port: meta.port,
      user: SANDBOX_USER,
      tls: { mode: 'off' },
      sandboxId: meta.id,
    };
  }

  private changed(meta: SandboxMeta): void {
    this.deps.onChange?.(this.info(meta));
  }

  private rt(id: string): Runtime {
    let rt = this.runtime.get(id);
    if (!rt) {
      rt = { status: 'stopped' };
      this.runtime.set(id, rt);
    }
    return rt;
  }

  private dir(id: string): string {
    return join(this.deps.root, id);
  }
  private metaPath(id: string): string {
    return join(this.dir(id), 'sandbox.json');
  }
  private errorLogPath(id: string): string {
    return join(this.dir(id), 'error.log');
  }
  private temporaryOptionsPath(id: string): string {
    return join(this.dir(id), 'temporary-options.json');
  }
  private listeningPath(id: string): string {
    return join(this.dir(id), 'listening.json');
  }

  private readMeta(id: string): SandboxMeta {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(id) || !existsSync(this.metaPath(id))) {
      throw AppFailure.of('NOT_FOUND', `There is no sandbox "${id}".`);
    }
    return JSON.parse(readFileSync(this.metaPath(id), 'utf8')) as SandboxMeta;
  }

  private writeMeta(meta: SandboxMeta): void {
    writeFileSync(this.metaPath(meta.id), JSON.stringify(meta, null, 2));
  }
}

/** The record of a restart with options for that start only (<root>/<id>/temporary-options.json). */
/** The key a restart's own buffer pool size travels under, among its temporary options. */
const POOL_OPTION = 'innodb_buffer_pool_size';

export interface TemporaryOptions {
  options: Record<string, string>;
  /** The bplab process that restarted it. */
  ownerPid: number;
  since: string;
}

function readTemporaryOptions(path: string): TemporaryOptions | null {
  try {
    const r = JSON.parse(readFileSync(path, 'utf8')) as Partial<TemporaryOptions>;
    return r && typeof r.options === 'object' && r.options !== null
      ? { options: r.options, ownerPid: Number(r.ownerPid) || 0, since: String(r.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/** Unix sockets paths are limited to ~107 bytes; fall back to /tmp when the data folder is deep. */
function socketPathFor(dir: string, id: string): string {
  const inDir = join(dir, 'mysql.sock');
  return inDir.length < 100 ? inDir : join('/tmp', `bplab-${id}-${process.pid}.sock`);
}

function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

function readPidFile(path: string): number | undefined {
  try {
    const n = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie is not a running server.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return true;
  }
}

/** Guards against a recycled pid: on Linux, the process must be a server using this datadir. */
function isOurServer(pid: number, datadir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(datadir);
  } catch {
    return existsSync('/proc') ? false : true;
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** A promise that resolves when `signal` aborts, and the way to stop listening. */
function abortOf(signal: AbortSignal): { aborted: Promise<'cancelled'>; dispose: () => void } {
  let dispose = () => {};
  const aborted = new Promise<'cancelled'>((resolve) => {
    if (signal.aborted) return resolve('cancelled');
    const onAbort = () => resolve('cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    dispose = () => signal.removeEventListener('abort', onAbort);
  });
  return { aborted, dispose };
}

function isCancelled(e: unknown): boolean {
  return e instanceof AppFailure && e.error.code === 'CANCELLED';
}

function createCancelled(name: string): AppFailure {
  return AppFailure.of('CANCELLED', `Creating sandbox "${name}" was cancelled; nothing was kept.`);
}

function startCancelled(name: string): AppFailure {
  return AppFailure.of(
    'CANCELLED',
    `Starting sandbox "${name}" was cancelled; it is stopped, its data as it was.`,
  );
}
