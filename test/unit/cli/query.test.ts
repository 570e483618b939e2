import { describe, expect, it } from 'vitest';
import { formatComposition, formatRunSummary, pollFrom } from '../../../src/main/cli/commands/query';
import { runResult } from '../../support/run-fixture';

describe('bplab query', () => {
  it('reads --poll as auto, off or an interval', () => {
    expect(pollFrom(undefined)).toBe('auto');
    expect(pollFrom('off')).toBe('off');
    expect(pollFrom('500ms')).toBe(500);
    expect(pollFrom('2s')).toBe(2000);
    expect(pollFrom('250')).toBe(250);
    expect(() => pollFrom('10ms')).toThrow(/from 50ms to 60s/);
    expect(() => pollFrom('often')).toThrow(/not "often"/);
  });

  it("prints the post's composition table", () => {
    const text = formatComposition({
      atMs: 0,
      costMs: 1,
      databasePages: 8192,
      oldMethod: 'is-old',
      indexes: [
        {
          table: 'ssb.lineorder',
          index: 'GEN_CLUST_INDEX',
          pages: 6909,
          oldPages: 2559,
          youngPages: 4350,
          records: 1083172,
          dataSizeBytes: 0,
          poolShare: 0.843384,
        },
        {
          table: 'ssb.dim_date',
          index: 'PRIMARY',
          pages: 17,
          oldPages: 0,
          youngPages: 17,
          records: 2481,
          dataSizeBytes: 0,
          poolShare: 0.002075,
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      'table          index            pages    old  young    records  % pool',
      'ssb.lineorder  GEN_CLUST_INDEX  6,909  2,559  4,350  1,083,172   84.34',
      'ssb.dim_date   PRIMARY             17      0     17      2,481    0.21',
    ]);
  });

  it('names the adaptive hash index in the server line when the run recorded it', () => {
    const serverLine = (adaptiveHashIndex?: boolean) => {
      const run = runResult();
      return formatRunSummary({ ...run, server: { ...run.server, adaptiveHashIndex } })
        .split('\n')
        .find((l) => l.startsWith('server'));
    };
    expect(serverLine(true)).toMatch(/innodb_read_ahead_threshold \d+, innodb_adaptive_hash_index ON$/);
    expect(serverLine(false)).toMatch(/, innodb_adaptive_hash_index OFF$/);
    expect(serverLine(undefined)).toMatch(/innodb_read_ahead_threshold \d+$/);
  });
});
