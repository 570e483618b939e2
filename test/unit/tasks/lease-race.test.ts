/**
 * Real processes racing for one lease: several children start a load of the same schema at the
 * same moment on one leases folder. Exactly one gets it; the others are answered BUSY. Without the
 * folder lock between the BUSY check and the lease, they all find nothing held and all start.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRacer, race as raceRacers, writeBystanderLease } from '../../support/racers';

const work = mkdtempSync(join(tmpdir(), 'bplab-race-'));
const child = join(work, 'racer.cjs');

beforeAll(() => {
  buildRacer(join(__dirname, 'lease-race-child.ts'), child);
});

async function race(racers: number): Promise<string[]> {
  const dir = join(mkdtempSync(join(work, 'round-')), 'leases');
  writeBystanderLease(dir, { profileId: 'p', schema: 'ssb_other', sandboxId: null });
  const answers = await raceRacers(
    child,
    Array.from({ length: racers }, () => [dir]),
  );
  return answers.map((a) => a.answer);
}

describe('two bplab processes racing for the same dataset', () => {
  it('lets exactly one take the lease, and answers the others BUSY', async () => {
    for (let round = 0; round < 2; round++) {
      const answers = await race(3);
      expect(answers.filter((a) => a === 'took')).toHaveLength(1);
      expect(answers.filter((a) => a === 'BUSY')).toHaveLength(2);
    }
  }, 60_000);
});
