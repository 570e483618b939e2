/**
 * Initialised data folders kept per server binary, so that a new sandbox copies one (0.2-0.4 s)
 * instead of running the initialising tool again (mysqld --initialize: 3.5-5 s on a busy 2-core
 * machine, MySQL 5.5's perl mysql_install_db longer). The first create from a binary makes its
 * template from the folder the tool just made, before any server started on it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerBinary } from '../../shared/models';

/** A binary as it is on disk: a server upgraded in place (same path, other size or time) gets a new template. */
export function templateKey(binary: Pick<ServerBinary, 'flavor' | 'version' | 'path'>): string {
  const { size, mtimeMs } = statSync(binary.path);
  return createHash('sha256')
    .update([binary.flavor, binary.version, binary.path, size, mtimeMs].join('\0'))
    .digest('hex')
    .slice(0, 16);
}

export class DatadirTemplates {
  constructor(private readonly root: string) {}

  /** Whether the binary has a template to copy yet. */
  has(binary: ServerBinary): boolean {
    return existsSync(join(this.root, templateKey(binary)));
  }

  /** Copies the binary's template into `datadir` (which must not exist); false when it has none yet. */
  copyInto(binary: ServerBinary, datadir: string): boolean {
    const template = join(this.root, templateKey(binary));
    if (!existsSync(template)) return false;
    cpSync(template, datadir, { recursive: true });
    // MySQL 5.7+ writes its server_uuid in auto.cnf when initialising; each sandbox makes its own at its first start.
    rmSync(join(datadir, 'auto.cnf'), { force: true });
    return true;
  }

  /**
   * Keeps a copy of `datadir`, just initialised, as the binary's template. Copied aside first and
   * renamed into place, so a process that reads it never sees half a folder; of two processes
   * keeping one at once, the second's rename fails and its copy is dropped.
   */
  keep(binary: ServerBinary, datadir: string): void {
    const template = join(this.root, templateKey(binary));
    if (existsSync(template)) return;
    const aside = `${template}.${process.pid}.part`;
    try {
      mkdirSync(this.root, { recursive: true });
      cpSync(datadir, aside, { recursive: true });
      renameSync(aside, template);
    } catch {
      rmSync(aside, { recursive: true, force: true });
    }
  }
}
