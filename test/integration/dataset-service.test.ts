/**
 * DatasetService's verify against a real server: progress events, one verify of a schema at a time,
 * and cancel through the task registry, both between counts and during one (a count blocked on a
 * table lock is KILLed).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetService } from '../../src/main/ssb/dataset-service';
import { LeaseStore } from '../../src/main/tasks/leases';
import { currentProcess } from '../../src/main/tasks/process-identity';
import { TaskRegistry } from '../../src/main/tasks/registry';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { VerifyProgress } from '../../src/shared/datasets/datasets';
import { testServer } from '../support/test-server';
import { connectToTestServer, dropSchemas, scratchSchema } from './ssb-support';
import { failureOf } from '../support/failures';

const connect = connectToTestServer();
const schema = scratchSchema('bplab_it_service');
const target = { profileId: 'it' };
let admin: Connection;
let events: VerifyProgress[] = [];
let onEvent: (p: VerifyProgress) => void = () => {};

const tasks = new TaskRegistry({
  leases: new LeaseStore({
    dir: join(mkdtempSync(join(testServer().scratchDir, 'leases-')), 'leases'),
    self: currentProcess('bplab test'),
  }),
  onProgress: () => {},
});

/** Cancels the verify of `schema` running here, as tasks/cancel does; false when none runs. */
function cancelVerify(): boolean {
  const task = tasks.list().find((t) => t.kind === 'dataset-verify' && t.schema === schema);
  return task ? tasks.cancel(task.taskId).cancelled : false;
}

const service = new DatasetService({
  tasks,
  connections: {
    open: async () => {
      const raw = await connect();
      return { raw, close: () => raw.end() };
    },
  },
  onVerifyProgress: (p) => {
    events.push(p);
    onEvent(p);
  },
  bplabVersion: 'test',
});

/** Resolves once the server shows a statement of the verify waiting for the lock on lineorder. */
async function waitForBlockedCount(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [rows] = await admin.query<RowDataPacket[]>(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT COUNT(*) FROM%lineorder%' AND STATE LIKE '%lock%'",
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the verify never waited for the lock on lineorder');
}

beforeAll(async () => {
  admin = await connect();
  await generateDataset({ schema, sf: 0.01, seed: 2 }, { connect, bplabVersion: 'test' });
});

afterAll(async () => {
  await dropSchemas(admin, [schema]);
  await admin.end();
});

describe(`DatasetService verify on ${testServer().label}`, () => {
  it('reports each count as an event, then the report', async () => {
    events = [];
    const report = await service.verify(target, schema);
    expect(report.pass).toBe(true);
    expect(events.map((e) => e.done)).toEqual([...Array(19).keys()]);
    expect(events.every((e) => e.profileId === 'it' && e.schema === schema && e.total === 18)).toBe(true);
  });

  it('cancels between counts: no further count runs, and nothing is left behind', async () => {
    events = [];
    onEvent = (p) => {
      if (p.done === 2) cancelVerify();
    };
    const failure = await failureOf(service.verify(target, schema));
    onEvent = () => {};
    expect(failure.error.code).toBe('CANCELLED');
    expect(failure.error.message).toBe(`The verify of ${schema} was cancelled; nothing was changed.`);
    expect(events.map((e) => e.done)).toEqual([0, 1, 2]);
    // Over: nothing to cancel, and the next verify runs in full.
    expect(cancelVerify()).toBe(false);
    expect((await service.verify(target, schema)).pass).toBe(true);
  });

  it('KILLs a count that is running (here: waiting for a table lock), and refuses a second verify meanwhile', async () => {
    await admin.query(`LOCK TABLES \`${schema}\`.lineorder WRITE`);
    try {
      const running = failureOf(service.verify(target, schema));
      await waitForBlockedCount();
      const second = await failureOf(service.verify(target, schema));
      expect(second.error.code).toBe('BUSY');
      expect(second.error.message).toBe(
        `Cannot verify ${schema}: "verify ${schema}", running in this bplab process, holds it.`,
      );
      expect(cancelVerify()).toBe(true);
      // The lock is still held: only the KILL can end the count (bounded, so a regression fails, not hangs).
      const failure = await Promise.race([
        running,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the cancelled count was still running after 15 s')), 15_000),
        ),
      ]);
      expect(failure.error.code).toBe('CANCELLED');
    } finally {
      await admin.query('UNLOCK TABLES');
    }
    expect((await service.verify(target, schema)).pass).toBe(true);
  });
});
