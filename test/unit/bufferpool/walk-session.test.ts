// The walk's session: the limits raised once per connection to hold a pool's walk in memory, never lowered, and left alone above the cap.
import { describe, expect, it } from 'vitest';
import { noteWalkPages, prepareWalkSession } from '../../../src/main/bufferpool/walk-session';

/** A connection that answers the pool's size and the session's limits, and records what it was sent. */
function conn(pages: number, tmp = 16777216) {
  const sent: Array<{ sql: string; values?: unknown[] }> = [];
  return {
    sent,
    rows: async <T>(sql: string, values?: unknown[]): Promise<T[]> => {
      sent.push({ sql, values });
      return (sql.startsWith('SELECT') ? [{ pages, tmp, heap: 16777216 }] : []) as T[];
    },
  };
}
const sets = (c: ReturnType<typeof conn>) => c.sent.filter((s) => s.sql.startsWith('SET'));

describe('the walk session', () => {
  it('raises both limits to 8 KB a page and 16 MB more, once per connection', async () => {
    const c = conn(8192);
    await prepareWalkSession(c);
    await prepareWalkSession(c);
    // 8,192 × 8,192 + 16,777,216 = 83,886,080
    expect(sets(c)).toEqual([
      { sql: 'SET SESSION tmp_table_size = ?, max_heap_table_size = ?', values: [83886080, 83886080] },
    ]);
    expect(c.sent).toHaveLength(2);
  });

  it('never lowers a limit the session already had above that', async () => {
    const c = conn(1024, 1073741824);
    await prepareWalkSession(c);
    expect(sets(c)[0]?.values).toEqual([1073741824, 25165824]);
  });

  it('leaves a pool above the cap alone (65,536 pages would need 528 MB)', async () => {
    const c = conn(65536);
    await prepareWalkSession(c);
    expect(sets(c)).toEqual([]);
  });

  it('raises them again after a walk found more pages than they were raised for', async () => {
    const c = conn(1024);
    await prepareWalkSession(c);
    noteWalkPages(c, 1000);
    await prepareWalkSession(c);
    expect(sets(c)).toHaveLength(1);
    noteWalkPages(c, 2048);
    await prepareWalkSession(c);
    expect(sets(c)).toHaveLength(2);
  });
});
