/**
 * Real bplab processes racing for one sandbox of this run's flavor on a shared data folder: at the
 * same moment one deletes it, one restarts it and one starts a load into it; then two restart it at
 * once. Exactly one goes ahead each time, and the others are answered BUSY naming it. Without the
 * folder lock between the check and the lease they all find nothing held and all go ahead.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { LeaseStore, type Lease } from '../../src/main/tasks/leases';
import { currentProcess } from '../../src/main/tasks/process-identity';
import type { SandboxInfo } from '../../src/shared/models';
import { buildRacer, race, writeBystanderLease } from '../support/racers';
import { testServer } from '../support/test-server';

const server = testServer();
const dataDir = mkdtempSync(join(server.scratchDir, 'sandbox-race-'));
const racer = join(dataDir, 'racer.cjs');
// This process holds no lease on the contested sandbox: only the racers do.
const sandboxes = new SandboxService({ root: join(dataDir, 'sandboxes'), templates: server.templatesDir });
const NAME = 'contested';
let info: SandboxInfo;

interface Answer {
  role: string;
  pid: number;
  answer: string;
  message?: string;
}

async function contested(): Promise<SandboxInfo> {
  if (existsSync(join(dataDir, 'sandboxes', NAME))) return sandboxes.start(NAME);
  return sandboxes.create({ name: NAME, binaryPath: server.binaryPath, bufferPoolSize: '32M' });
}

/** One racer per role, all told to go at once; each one's answer with its role and pid. */
async function raceFor(roles: string[]): Promise<Answer[]> {
  const answers = await race(
    racer,
    roles.map((role) => [dataDir, role, info.id, info.profileId]),
  );
  return answers.map((a, k) => ({
    role: roles[k]!,
    pid: a.pid,
    ...(JSON.parse(a.answer) as { answer: string; message?: string }),
  }));
}

function expectOneWinner(answers: Answer[]): Answer {
  const said = answers.map((a) => `${a.role}: ${a.answer} ${a.message ?? ''}`).join('\n');
  const winners = answers.filter((a) => a.answer === 'ok');
  expect(winners, said).toHaveLength(1);
  const winner = winners[0]!;
  for (const loser of answers.filter((a) => a !== winner)) {
    expect(loser.answer, said).toBe('BUSY');
    // In words, naming the winner's job and process.
    expect(loser.message, said).toMatch(
      /^Cannot (delete|restart) sandbox "contested": |^Cannot load ssb_race: /,
    );
    expect(loser.message, said).toContain(`pid ${winner.pid} (bplab racer ${winner.role})`);
  }
  return winner;
}

beforeAll(async () => {
  buildRacer(join(__dirname, 'sandbox-race-child.ts'), racer);
  writeBystanderLease(join(dataDir, 'leases'), {
    profileId: 'sandbox-elsewhere',
    schema: 'ssb_other',
    sandboxId: 'elsewhere',
  });
  info = await contested();
});

afterAll(async () => {
  if (existsSync(join(dataDir, 'sandboxes', NAME))) await sandboxes.delete(NAME);
});

describe(`bplab processes racing for one sandbox, ${server.label}`, () => {
  it('delete, restart and a load at the same moment: exactly one goes ahead, the others are BUSY naming it', async () => {
    expect(info.status).toBe('running');
    const winner = expectOneWinner(await raceFor(['delete', 'restart', 'load']));
    const left = (await sandboxes.list()).find((s) => s.id === info.id);
    if (winner.role === 'delete') expect(left).toBeUndefined();
    else expect(left?.status).toBe('running');
  });

  it('two restarts at the same moment: one restarts it, the other is BUSY naming it', async () => {
    info = await contested();
    const before = info.pid;
    expectOneWinner(await raceFor(['restart', 'restart']));
    const after = (await sandboxes.get(info.id)).pid;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('deleting it removes what a gone bplab process left on it (an interrupted load into it)', async () => {
    info = await contested();
    const dir = join(dataDir, 'leases');
    const me = currentProcess('bplab ssb generate');
    // A load whose process is gone: its pid now belongs to a process that started at another time.
    const gone: Lease = {
      kind: 'dataset-load',
      title: 'load ssb_race',
      profileId: info.profileId,
      schema: 'ssb_race',
      sandboxId: info.id,
      id: 'gone-load',
      owner: { ...me, startTime: `${me.startTime}7` },
      takenAt: new Date().toISOString(),
      progress: null,
    };
    writeFileSync(join(dir, 'gone-load.json'), JSON.stringify(gone));
    const leases = new LeaseStore({ dir, self: currentProcess('vitest sandbox-race') });
    // Listed as stale while the sandbox exists (the task lists say what was interrupted)...
    expect(leases.all().find((v) => v.lease.id === 'gone-load')?.liveness).toBe('gone');
    await new SandboxService({ root: join(dataDir, 'sandboxes'), leases }).delete(info.id);
    // ...and gone with the sandbox.
    expect(existsSync(join(dir, 'gone-load.json'))).toBe(false);
    expect(leases.all().filter((v) => v.lease.sandboxId === info.id)).toEqual([]);
  });
});
