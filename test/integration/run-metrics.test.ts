/**
 * INNODB_METRICS around a run, on this run's flavor: the adaptive hash index's counters are recorded
 * as deltas (nonzero searches where the index is on), the counters bplab switched on are off again
 * afterwards, as INNODB_METRICS itself says, and the journal is empty.
 */
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/test-server';
import { LAB_SCHEMA, openRunsLab, type RunsLab } from './runs-support';

const server = testServer();
let lab: RunsLab;

/** Each AHI counter's on/off state, as the server reports it (MySQL: STATUS; MariaDB: ENABLED). */
async function monitorStates(): Promise<Record<string, boolean>> {
  const c = await lab.connect();
  try {
    const [rows] = await c.query<RowDataPacket[]>(
      "SELECT * FROM information_schema.INNODB_METRICS WHERE SUBSYSTEM = 'adaptive_hash_index' ORDER BY NAME",
    );
    return Object.fromEntries(
      rows.map((r) => [
        String(r.NAME),
        r.STATUS !== undefined ? r.STATUS === 'enabled' : Number(r.ENABLED) === 1,
      ]),
    );
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  lab = await openRunsLab('metrics', { sf: 0.01 });
}, 240_000);

afterAll(async () => {
  await lab?.close();
}, 60_000);

describe(`INNODB_METRICS around a run, ${server.label}`, () => {
  it('records the adaptive hash index counters as deltas and puts the monitors back', async () => {
    const before = await monitorStates();
    expect(Object.keys(before)).toContain('adaptive_hash_searches_btree');
    const off = Object.entries(before)
      .filter(([, on]) => !on)
      .map(([name]) => name);
    const c = await lab.connect();
    const [[ahi]] = await c.query<RowDataPacket[]>('SELECT @@GLOBAL.innodb_adaptive_hash_index AS v');
    await c.end();
    const spec = { queryId: 'Q1.1', schema: LAB_SCHEMA, poll: 'off' as const };
    await lab.service.run(lab.info.profileId, undefined, spec);
    const hot = await lab.service.run(lab.info.profileId, undefined, spec);
    expect(hot.state).toBe('complete');
    const m = hot.innodbMetrics!;
    const delta = (name: string) => m.counters.find((x) => x.name === name)?.delta;
    // Every counter that was off was switched on for the run, so each one has a delta.
    expect([...m.enabledForRun].sort()).toEqual(off.sort());
    expect(m.counters.map((x) => x.name).sort()).toEqual(Object.keys(before).sort());
    if (Number(ahi!.v) === 1) {
      // A hot Q1.1 looks dim_date up by key for every lineorder row it keeps.
      expect(delta('adaptive_hash_searches')! + delta('adaptive_hash_searches_btree')!).toBeGreaterThan(1000);
      expect(delta('adaptive_hash_searches')).toBeGreaterThan(0);
    } else {
      expect(delta('adaptive_hash_searches')).toBe(0);
    }
    // Put back: what was off is off again, and nothing is left in the journal.
    expect(await monitorStates()).toEqual(before);
    expect(lab.journal.pending()).toEqual([]);
  }, 120_000);
});
