/** Waiting for purge: how long, until when, and what it says, on a scripted history list. */
import { describe, expect, it } from 'vitest';
import { waitForPurge } from '../../../src/main/bufferpool/purge';

/** A connection whose INNODB_METRICS history length follows `series` (the last value repeats). */
function historyOf(series: Array<number | null>) {
  let i = 0;
  return {
    async rows<T>(sql: string): Promise<T[]> {
      if (/INNODB_METRICS/.test(sql)) {
        const n = series[Math.min(i++, series.length - 1)];
        return [{ NAME: 'trx_rseg_history_len', COUNT: n, STATUS: 'enabled' } as T];
      }
      return [];
    },
  };
}

function clock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('waitForPurge', () => {
  it("reads MariaDB's status counter when its INNODB_METRICS counter is disabled (it reads 0 there)", async () => {
    const conn = {
      async rows<T>(sql: string): Promise<T[]> {
        if (/INNODB_METRICS/.test(sql)) return [{ NAME: 'trx_rseg_history_len', COUNT: 0, ENABLED: 0 } as T];
        if (/Innodb_history_list_length/.test(sql)) return [{ Value: '12' } as T];
        return [];
      },
    };
    const w = await waitForPurge(conn, clock());
    expect(w.from).toBe(12);
  });

  it('waits until the history list is near zero, and says for how long', async () => {
    const c = clock();
    const w = await waitForPurge(historyOf([5000, 3000, 900, 40]), { ...c, pollMs: 500, nearZero: 64 });
    expect(w).toMatchObject({ from: 5000, to: 40, waitedMs: 1500, outcome: 'caught-up' });
    expect(w.words).toBe('waited 1.5 s for purge (history list 5000 → 40)');
  });
  it('does not wait when purge has caught up already', async () => {
    const w = await waitForPurge(historyOf([0]), clock());
    expect(w).toMatchObject({
      waitedMs: 0,
      outcome: 'caught-up',
      words: 'purge had caught up (history list 0)',
    });
  });
  it('stops when purge goes idle with a part batch left (MySQL 5.6), saying so', async () => {
    const w = await waitForPurge(historyOf([900, 400, 210, 210, 210, 210, 210]), {
      ...clock(),
      pollMs: 1000,
      idleMs: 3000,
    });
    expect(w).toMatchObject({ from: 900, to: 210, outcome: 'idle' });
    expect(w.words).toBe('purge went idle with 210 undo logs left after 5.0 s (history list 900 → 210)');
  });
  it('gives up after its limit, saying what was left', async () => {
    const w = await waitForPurge(historyOf([9000, 8000, 7000, 6000, 5000]), {
      ...clock(),
      pollMs: 1000,
      maxWaitMs: 3000,
    });
    expect(w.outcome).toBe('gave-up');
    expect(w.waitedMs).toBe(3000);
    expect(w.words).toBe('purge had 6000 undo logs left after 3.0 s; the cold pass starts anyway');
  });
  it('says it cannot tell when no source gives the history length', async () => {
    const w = await waitForPurge(historyOf([null]), clock());
    expect(w.outcome).toBe('unknown');
  });
});
