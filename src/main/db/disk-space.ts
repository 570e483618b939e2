/**
 * Will the data fit? Checked before the first row goes in, on the disk holding the server's
 * data directory, when that directory is on this machine. A remote server's disk cannot be seen
 * from here, and bplab says so rather than guessing.
 */
import { statfs } from 'node:fs/promises';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { AppFailure } from '../../shared/result';

/** InnoDB pages, the secondary indexes and ALTER TABLE's sort files take about this much more than the raw rows. */
export const SPACE_FACTOR = 1.6;

export interface DiskCheck {
  checked: boolean;
  neededBytes: number;
  freeBytes: number | null;
  datadir: string | null;
  /** In words, for the progress line and the report. */
  note: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '0:0:0:0:0:0:0:1']);

const gib = (b: number) =>
  b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(1)} GB` : `${Math.ceil(b / 1024 ** 2)} MB`;

/** True when the connection reaches a server on this machine (loopback TCP or a Unix socket). */
export function isLocalConnection(conn: Connection): boolean {
  const cfg = conn.config as { host?: string; socketPath?: string };
  if (cfg.socketPath) return true;
  const host = (cfg.host ?? 'localhost').toLowerCase();
  return LOOPBACK.has(host) || host.startsWith('127.');
}

/** Throws DISK_FULL when the dataset would not fit; otherwise says what was (or could not be) checked. */
export async function checkDiskSpace(conn: Connection, rawBytes: number): Promise<DiskCheck> {
  const neededBytes = Math.ceil(rawBytes * SPACE_FACTOR);
  const [rows] = await conn.query<RowDataPacket[]>('SELECT @@datadir AS datadir');
  const datadir = rows[0]?.datadir ? String(rows[0].datadir) : null;
  if (!isLocalConnection(conn) || !datadir) {
    return {
      checked: false,
      neededBytes,
      freeBytes: null,
      datadir,
      note: `The server is remote, so bplab cannot check its free disk space; the dataset needs about ${gib(neededBytes)}.`,
    };
  }
  let freeBytes: number;
  try {
    const s = await statfs(datadir);
    freeBytes = Number(s.bavail) * Number(s.bsize);
  } catch {
    return {
      checked: false,
      neededBytes,
      freeBytes: null,
      datadir,
      note: `The server's data directory (${datadir}) is not visible from this machine (a container?), so its free space cannot be checked; the dataset needs about ${gib(neededBytes)}.`,
    };
  }
  if (freeBytes < neededBytes) {
    throw AppFailure.of(
      'DISK_FULL',
      `The dataset needs about ${gib(neededBytes)} on the disk holding the server's data directory (${datadir}), which has ${gib(freeBytes)} free.`,
      {
        hint: 'Free some space there, choose a smaller scale factor, or use a server whose data directory is on a larger disk.',
        details: { neededBytes, freeBytes, datadir },
      },
    );
  }
  return {
    checked: true,
    neededBytes,
    freeBytes,
    datadir,
    note: `Disk space checked: about ${gib(neededBytes)} needed, ${gib(freeBytes)} free in ${datadir}.`,
  };
}
