/**
 * Where a sandbox keeps itself on disk, <root>/<id>/: its metadata, data folder, error log, pid file
 * and records, named and read in one place.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerBinary, SandboxSpecParsed } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import { writeFileAtomic } from '../files/atomic-file';

/** What a sandbox remembers about itself, in <root>/<id>/sandbox.json. */
export interface SandboxMeta {
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

/** The record of a restart with options for that start only (<root>/<id>/temporary-options.json). */
export interface TemporaryOptions {
  options: Record<string, string>;
  /** The bplab process that restarted it. */
  ownerPid: number;
  since: string;
}

export class SandboxFolders {
  /** Absolute: mysqld takes a relative --datadir against its basedir, not the working directory. */
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  /** The ids of every sandbox with its metadata in place. */
  ids(): string[] {
    return readdirSync(this.root).filter((d) => existsSync(this.metaPath(d)));
  }

  exists(id: string): boolean {
    return existsSync(this.dir(id));
  }

  dir(id: string): string {
    return join(this.root, id);
  }
  datadir(id: string): string {
    return join(this.dir(id), 'data');
  }
  tmpdir(id: string): string {
    return join(this.dir(id), 'tmp');
  }
  /** The one folder LOAD DATA INFILE and SELECT ... INTO OUTFILE may use (its secure_file_priv). */
  filesDir(id: string): string {
    return join(this.dir(id), 'files');
  }
  metaPath(id: string): string {
    return join(this.dir(id), 'sandbox.json');
  }
  errorLogPath(id: string): string {
    return join(this.dir(id), 'error.log');
  }
  initLogPath(id: string): string {
    return join(this.dir(id), 'init.log');
  }
  pidPath(id: string): string {
    return join(this.dir(id), 'mysqld.pid');
  }
  listeningPath(id: string): string {
    return join(this.dir(id), 'listening.json');
  }
  private temporaryOptionsPath(id: string): string {
    return join(this.dir(id), 'temporary-options.json');
  }

  readMeta(id: string): SandboxMeta {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(id) || !existsSync(this.metaPath(id))) {
      throw AppFailure.of('NOT_FOUND', `There is no sandbox "${id}".`);
    }
    return JSON.parse(readFileSync(this.metaPath(id), 'utf8')) as SandboxMeta;
  }

  writeMeta(meta: SandboxMeta): void {
    writeFileSync(this.metaPath(meta.id), JSON.stringify(meta, null, 2));
  }

  remove(id: string): void {
    rmSync(this.dir(id), { recursive: true, force: true });
  }

  /** The newest part of the server's error log (at most maxBytes), where it is, and whether older text was left out. */
  errorLogTail(id: string, maxBytes: number): { text: string; path: string; truncated: boolean } {
    const path = this.errorLogPath(id);
    if (!existsSync(path)) return { text: '', path, truncated: false };
    const buf = readFileSync(path);
    const truncated = buf.length > maxBytes;
    return { text: buf.subarray(Math.max(0, buf.length - maxBytes)).toString('utf8'), path, truncated };
  }

  /** The error log's size now: where a start's own lines will begin. */
  errorLogSize(id: string): number {
    const path = this.errorLogPath(id);
    return existsSync(path) ? statSync(path).size : 0;
  }

  /** The pid the server wrote, if any. */
  readPid(id: string): number | undefined {
    try {
      const n = Number(readFileSync(this.pidPath(id), 'utf8').trim());
      return Number.isInteger(n) && n > 0 ? n : undefined;
    } catch {
      return undefined;
    }
  }

  readTemporaryOptions(id: string): TemporaryOptions | null {
    try {
      const r = JSON.parse(readFileSync(this.temporaryOptionsPath(id), 'utf8')) as Partial<TemporaryOptions>;
      return r && typeof r.options === 'object' && r.options !== null
        ? { options: r.options, ownerPid: Number(r.ownerPid) || 0, since: String(r.since ?? '') }
        : null;
    } catch {
      return null;
    }
  }

  /** Written before the stop, so that a bplab that dies leaves a trace the next one puts back. */
  writeTemporaryOptions(id: string, record: TemporaryOptions): void {
    writeFileAtomic(this.temporaryOptionsPath(id), JSON.stringify(record, null, 2));
  }

  forgetTemporaryOptions(id: string): void {
    rmSync(this.temporaryOptionsPath(id), { force: true });
  }

  /** Unix sockets paths are limited to ~107 bytes; fall back to /tmp when the data folder is deep. */
  socketPathFor(id: string): string {
    const inDir = join(this.dir(id), 'mysql.sock');
    return inDir.length < 100 ? inDir : join('/tmp', `bplab-${id}-${process.pid}.sock`);
  }
}
