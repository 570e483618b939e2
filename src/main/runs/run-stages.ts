/**
 * Where a run's stage profile comes from (SHOW PROFILE or performance_schema), switching the stage
 * instruments on for the run (journaled, put back after), and reading the stages afterwards.
 */
import type { ServerIdentity } from '../../shared/models';
import { AppFailure } from '../../shared/result';
import type { RunResult, StageProfile } from '../../shared/runs/runs';
import type { ServerConnection } from '../db/connections';
import { versionAtLeast } from '../db/server-identity';
import type { SettingsJournal } from '../server/settings-journal';
import { performanceSchemaStages, showProfileStages } from './capture';

/** The setup tables a run's stage profile changes (journaled), put back after the run. */
export const PS_STAGE_TABLES = ['performance_schema.setup_instruments', 'performance_schema.setup_consumers'];
const PS_STAGE_CONSUMERS = [
  'events_stages_current',
  'events_stages_history_long',
  'events_statements_history',
];

/** Where the stage profile comes from on this server. */
export function stageSource(identity: ServerIdentity): StageProfile['source'] {
  if (identity.flavor === 'mariadb') return 'show-profile';
  return versionAtLeast(identity, 8, 0, 0) ? 'performance-schema' : 'show-profile';
}

/** A run's stage source, with the performance_schema thread to read and what to say about it. */
export interface StagePlan {
  source: StageProfile['source'];
  psThread: number | null;
  psNote: string;
}

interface StageRun {
  runId: string;
  profileId: string;
  exec: ServerConnection;
  control: ServerConnection;
}

/**
 * Readies the run's stage profile. No stage profile is no reason to fail the run (performance_schema
 * off, no UPDATE on its setup tables): that is said in the note instead.
 */
export async function planStages(
  run: StageRun,
  identity: ServerIdentity,
  journal: SettingsJournal,
  result: RunResult,
): Promise<StagePlan> {
  const source = stageSource(identity);
  if (source === 'performance-schema') {
    const ready = await enableStages(run, journal).catch((e: unknown) => ({
      psThread: null,
      psNote: `No stage profile: ${e instanceof AppFailure ? e.error.message : String(e)}`,
    }));
    return { source, ...ready };
  }
  if (source === 'none')
    result.profile = {
      source: 'none',
      note: 'This server has neither SHOW PROFILE nor performance_schema stages.',
      stages: [],
    };
  return { source, psThread: null, psNote: '' };
}

/** Switches on the stage instruments and consumers (journaled) unless the profile is production. */
async function enableStages(
  p: StageRun,
  journal: SettingsJournal,
): Promise<{ psThread: number | null; psNote: string }> {
  const [thread] = await p.exec.rows<{ t: number }>(
    'SELECT THREAD_ID AS t FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()',
  );
  if (!thread) return { psThread: null, psNote: 'performance_schema does not list this session’s thread.' };
  if (p.exec.profile.production) {
    const [off] = await p.control.rows<{ n: number }>(
      "SELECT COUNT(*) AS n FROM performance_schema.setup_instruments WHERE NAME LIKE 'stage/%' AND (ENABLED <> 'YES' OR TIMED <> 'YES')",
    );
    const [offConsumers] = await p.control.rows<{ n: number }>(
      `SELECT COUNT(*) AS n FROM performance_schema.setup_consumers WHERE NAME IN (?) AND ENABLED <> 'YES'`,
      [PS_STAGE_CONSUMERS],
    );
    if (Number(off?.n) > 0 || Number(offConsumers?.n) > 0)
      return {
        psThread: null,
        psNote:
          'No stage profile: the stage instruments are off and this profile is marked production, so bplab changes no setting on it.',
      };
    return {
      psThread: Number(thread.t),
      psNote: 'performance_schema stages (already on; nothing changed).',
    };
  }
  const reason = `stage profile of run ${p.runId}`;
  const instruments = await journal.enableSetupRows(
    p.control.raw,
    p.profileId,
    'setup_instruments',
    ['stage/%'],
    reason,
  );
  const consumers = await journal.enableSetupRows(
    p.control.raw,
    p.profileId,
    'setup_consumers',
    PS_STAGE_CONSUMERS,
    reason,
  );
  const changed = instruments + consumers;
  return {
    psThread: Number(thread.t),
    psNote:
      changed > 0
        ? `performance_schema stages of the run’s thread; bplab switched on ${instruments} stage instruments and ${consumers} consumers for the run (journaled) and put them back after.`
        : 'performance_schema stages of the run’s thread (already on; nothing changed).',
  };
}

/** The stage profile after the query, from where the plan said; what could not be read says so. */
export async function readStages(
  plan: StagePlan,
  run: StageRun,
  tag: string,
  quietly: <T>(work: () => Promise<T>) => Promise<T | null>,
): Promise<StageProfile | null> {
  if (plan.source === 'show-profile')
    return (await quietly(() => showProfileStages(run.exec, tag))) ?? unreadable('SHOW PROFILE');
  if (plan.source === 'performance-schema' && plan.psThread !== null) {
    const thread = plan.psThread;
    return (
      (await quietly(() => performanceSchemaStages(run.control, thread, tag, plan.psNote))) ??
      unreadable('performance_schema')
    );
  }
  if (plan.source === 'performance-schema') return { source: 'none', note: plan.psNote, stages: [] };
  return null;
}

function unreadable(source: string): StageProfile {
  return { source: 'none', note: `The ${source} stages could not be read after the query.`, stages: [] };
}
