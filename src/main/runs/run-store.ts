/**
 * Saved runs: one JSON file per run in the data folder's runs/ (written atomically), read back for
 * lists, the result view, experiments and reports. A damaged file is reported, never rewritten.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSummary } from '../../shared/contract';
import { flavorLabel, formatSwitch } from '../../shared/format';
import { AppFailure } from '../../shared/result';
import type { RunResult } from '../../shared/runs/runs';
import { writeFileAtomic } from '../files/atomic-file';

const RUN_ID = /^run-[a-z0-9-]{1,80}$/;

export class RunStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'runs');
  }

  save(run: RunResult): void {
    mkdirSync(this.dir, { recursive: true });
    writeFileAtomic(this.fileOf(run.runId), `${JSON.stringify(run)}\n`);
  }

  get(runId: string): RunResult {
    const file = this.fileOf(runId);
    if (!existsSync(file)) throw AppFailure.of('NOT_FOUND', `There is no saved run "${runId}".`);
    try {
      const run = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
      if (run.format !== 1 || run.runId !== runId) throw new Error('it is not a bplab run (format 1)');
      return run;
    } catch (e) {
      throw AppFailure.of('FILE_MALFORMED', `The saved run ${file} cannot be read: ${(e as Error).message}`, {
        hint: 'bplab leaves the file as it is; delete the run to remove it.',
        details: { file },
      });
    }
  }

  /** Newest first; runs whose file cannot be read are left out of the list. */
  list(profileId?: string): RunSummary[] {
    if (!existsSync(this.dir)) return [];
    const summaries: RunSummary[] = [];
    for (const f of readdirSync(this.dir)) {
      if (!f.endsWith('.json')) continue;
      let run: RunResult;
      try {
        run = this.get(f.slice(0, -'.json'.length));
      } catch {
        continue;
      }
      if (profileId && run.profileId !== profileId) continue;
      summaries.push(summaryOf(run));
    }
    return summaries.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  delete(runId: string): void {
    const file = this.fileOf(runId);
    if (!existsSync(file)) throw AppFailure.of('NOT_FOUND', `There is no saved run "${runId}".`);
    rmSync(file);
  }

  private fileOf(runId: string): string {
    if (!RUN_ID.test(runId)) throw AppFailure.of('INVALID_ARGUMENT', `"${runId}" is not a run id.`);
    return join(this.dir, `${runId}.json`);
  }
}

export function summaryOf(run: RunResult): RunSummary {
  return {
    runId: run.runId,
    profileId: run.profileId,
    queryId: run.queryId,
    variant: run.variant,
    schema: run.schema,
    startedAt: run.startedAt,
    state: run.state,
    elapsedMs: run.elapsedMs,
    rows: run.rows,
    // "MariaDB 10.11.19", not the server's whole "10.11.19-MariaDB-0+deb12u1".
    server: `${flavorLabel(run.server.flavor)} ${/^\d+\.\d+\.\d+/.exec(run.server.version)?.[0] ?? run.server.version}`,
    poolBytes: run.server.bufferPoolSizeBytes,
    settings: runSettings(run.server),
    experiment: run.experiment ?? null,
    traced: run.pageTrace !== undefined,
  };
}

/** The settings a run list tells runs apart by, formatted as the result view shows them. */
export function runSettings(s: RunResult['server']): RunSummary['settings'] {
  return [
    { name: 'innodb_buffer_pool_instances', value: String(s.bufferPoolInstances) },
    { name: 'innodb_old_blocks_time', value: `${s.oldBlocksTimeMs} ms` },
    { name: 'innodb_old_blocks_pct', value: `${s.oldBlocksPct}%` },
    { name: 'innodb_read_ahead_threshold', value: String(s.readAheadThreshold) },
    { name: 'innodb_flush_method', value: s.flushMethod || '—' },
    { name: 'innodb_adaptive_hash_index', value: formatSwitch(s.adaptiveHashIndex) },
  ];
}
