/**
 * What each sandbox is doing now, as this process knows it (starting, stopping, failed and why, the
 * pid it spawned), and each sandbox's info as listed: one lifecycle operation at a time per sandbox.
 */
import type { SandboxInfo, SandboxStatus } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { recordedListening } from './listening';
import type { SandboxFolders, SandboxMeta } from './sandbox-folder';
import { isCancelled } from './server-lifecycle';
import { isAlive, isOurServer } from './server-process';

interface Runtime {
  status: SandboxStatus;
  pid?: number;
  lastError?: string;
  busy?: string;
}

export class SandboxStates {
  private readonly runtime = new Map<string, Runtime>();

  constructor(
    private readonly folders: SandboxFolders,
    private readonly onChange?: (info: SandboxInfo) => void,
  ) {}

  /** The server's process this process spawned for the sandbox. */
  setPid(id: string, pid: number | undefined): void {
    this.rt(id).pid = pid;
  }

  /** What the sandbox is busy with, if anything (starting, stopping). */
  busy(id: string): string | undefined {
    return this.runtime.get(id)?.busy;
  }

  forget(id: string): void {
    this.runtime.delete(id);
  }

  /** Runs one lifecycle operation at a time per sandbox; status is derived from the live pid afterwards. */
  async exclusive(
    id: string,
    status: 'starting' | 'stopping',
    work: (meta: SandboxMeta) => Promise<SandboxInfo>,
  ): Promise<SandboxInfo> {
    const meta = this.folders.readMeta(id);
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

  info(meta: SandboxMeta): SandboxInfo {
    const rt = this.rt(meta.id);
    const pid = this.alivePid(meta);
    const listening = pid ? recordedListening(this.folders.listeningPath(meta.id), pid) : undefined;
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
      datadir: this.folders.datadir(meta.id),
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
  alivePid(meta: SandboxMeta): number | undefined {
    const candidates = [this.runtime.get(meta.id)?.pid, this.folders.readPid(meta.id)];
    for (const pid of candidates) {
      if (pid && isAlive(pid) && isOurServer(pid, this.folders.datadir(meta.id))) return pid;
    }
    return undefined;
  }

  changed(meta: SandboxMeta): void {
    this.onChange?.(this.info(meta));
  }

  private rt(id: string): Runtime {
    let rt = this.runtime.get(id);
    if (!rt) {
      rt = { status: 'stopped' };
      this.runtime.set(id, rt);
    }
    return rt;
  }
}
