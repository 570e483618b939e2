/**
 * INNODB_METRICS around a run: the counters that explain where buffer-pool time goes (the adaptive
 * hash index's first: searches answered by it, searches that fell back to the B-tree, pages and rows
 * it added and removed). Counters that are off are switched on for the run (journaled, switched off
 * after, even after a crash); a production profile gets no change, only the counters already on.
 */
import type { InnodbMetricsCapture } from '../../shared/runs/runs';
import { AppFailure } from '../../shared/result';
import type { ServerConnection } from '../db/connections';
import { serverErrno } from '../db/errors';
import { MONITORS, type SettingsJournal } from '../server/settings-journal';

/** The INNODB_METRICS subsystems a run captures, the adaptive hash index first. */
export const METRIC_SUBSYSTEMS = ['adaptive_hash_index'] as const;

/**
 * Counters the run records for its observer cost (shared/runs/observer-cost.ts): the page cleaner's LRU
 * batches during the statement (MySQL runs one on a tick after server activity) and the activity
 * count itself. Off by default but for innodb_activity_count; a server without some has the others.
 */
export const OBSERVER_METRICS = [
  'buffer_LRU_batches_evict',
  'buffer_LRU_batch_evict_total_pages',
  'buffer_LRU_batches_flush',
  'buffer_LRU_batch_flush_total_pages',
  'innodb_activity_count',
] as const;

/** What the journal restores after the run: the counters bplab switched on. */
export const METRICS_JOURNAL_VARIABLES = [MONITORS];

export interface MetricRow {
  name: string;
  subsystem: string;
  count: number;
  enabled: boolean;
  /** 'counter', 'status_counter', ...; a 'value' is a level, not a count, and has no delta. */
  type: string;
}

/** The counters of the captured subsystems; MySQL says STATUS 'enabled', MariaDB ENABLED 1. */
export async function readMetrics(conn: ServerConnection): Promise<MetricRow[]> {
  const rows = await conn.rows<Record<string, unknown>>(
    'SELECT * FROM information_schema.INNODB_METRICS WHERE SUBSYSTEM IN (?) OR NAME IN (?)',
    [METRIC_SUBSYSTEMS, OBSERVER_METRICS],
  );
  return rows.map((r) => {
    const get = (k: string) => r[k] ?? r[k.toLowerCase()];
    const status = get('STATUS');
    return {
      name: String(get('NAME')),
      subsystem: String(get('SUBSYSTEM')),
      count: Number(get('COUNT') ?? 0),
      enabled: status !== undefined ? String(status) === 'enabled' : Number(get('ENABLED')) === 1,
      type: String(get('TYPE') ?? 'counter'),
    };
  });
}

/** What was read before the statement, to take the deltas after it. */
export interface MetricsPlan {
  /** False: no counters to read (the note says why). */
  available: boolean;
  /** Read just before the statement (readMetricsBefore). */
  before: Map<string, MetricRow> | null;
  enabledForRun: string[];
  note: string;
}

interface MetricsRun {
  runId: string;
  profileId: string;
  control: ServerConnection;
}

/**
 * Switches on the captured counters that are off (unless the profile is production).
 * A server without INNODB_METRICS (MySQL 5.5) or one that refuses the change is no reason to fail
 * the run: the note says so.
 */
export async function planMetrics(run: MetricsRun, journal: SettingsJournal): Promise<MetricsPlan> {
  let rows: MetricRow[];
  try {
    rows = await readMetrics(run.control);
  } catch (e) {
    if (serverErrno(e) === 1109)
      return none(
        'This server has no INFORMATION_SCHEMA.INNODB_METRICS (MySQL 5.6 and later and MariaDB have it).',
      );
    return none(`INNODB_METRICS could not be read: ${(e as Error).message}`);
  }
  if (rows.length === 0)
    return none(`This server's INNODB_METRICS has no ${METRIC_SUBSYSTEMS.join(' or ')} counters.`);
  const off = rows.filter((r) => !r.enabled && r.type !== 'value').map((r) => r.name);
  let enabledForRun: string[] = [];
  let note = 'INNODB_METRICS counters (all were on already; nothing changed).';
  if (off.length > 0 && run.control.profile.production) {
    note = `INNODB_METRICS counters already on; ${off.length} were off and this profile is marked production, so bplab changes no setting on it (${off.join(', ')}).`;
  } else if (off.length > 0) {
    try {
      await journal.enableMonitors(run.control.raw, run.profileId, off, `INNODB_METRICS of run ${run.runId}`);
      enabledForRun = off;
      note = `INNODB_METRICS counters; bplab switched on ${off.length} that were off (${off.join(', ')}) for the run (journaled) and off again after.`;
    } catch (e) {
      note = `INNODB_METRICS counters already on; switching on the others failed: ${e instanceof AppFailure ? e.error.message : String(e)}`;
    }
  }
  return { available: true, before: null, enabledForRun, note };
}

/** The counters just before the statement; a failed read leaves the run without them, said in the note. */
export async function readMetricsBefore(plan: MetricsPlan, conn: ServerConnection): Promise<void> {
  if (!plan.available) return;
  try {
    plan.before = new Map((await readMetrics(conn)).map((r) => [r.name, r]));
  } catch (e) {
    plan.note = `${plan.note} Reading them before the query failed: ${(e as Error).message}`;
  }
}

/** Each counter's change over the statement (counters on both times only), or the plan's reason for none. */
export function metricsCapture(plan: MetricsPlan, after: MetricRow[] | null): InnodbMetricsCapture {
  if (!plan.before || !after)
    return {
      counters: [],
      enabledForRun: plan.enabledForRun,
      note: plan.before && !after ? `${plan.note} Reading them after the query failed.` : plan.note,
    };
  const counters = after
    .filter((r) => r.enabled && r.type !== 'value' && plan.before!.get(r.name)?.enabled)
    .map((r) => ({ subsystem: r.subsystem, name: r.name, delta: r.count - plan.before!.get(r.name)!.count }));
  return { counters, enabledForRun: plan.enabledForRun, note: plan.note };
}

function none(note: string): MetricsPlan {
  return { available: false, before: null, enabledForRun: [], note };
}
