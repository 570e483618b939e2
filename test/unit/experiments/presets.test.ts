/** Which picked servers a preset of the posts' own servers uses, and what it says when one is missing. */
import { describe, expect, it } from 'vitest';
import { findPreset, serversFor, type NeededServer } from '../../../src/main/experiments/presets';
import { failureOfCall } from '../../support/failures';

const needs: NeededServer[] = [
  { flavor: 'mysql', version: '5.5.', label: 'MySQL 5.5', install: 'mysql-5.5' },
  { flavor: 'mysql', version: '5.6.', label: 'MySQL 5.6', install: 'mysql-5.6' },
];
const server = (label: string) => ({ label, profileId: `p-${label}`, sandboxId: label });

describe('serversFor', () => {
  it('puts the picked servers in the order of the needs, whatever order they were picked in', () => {
    const picked = [
      { server: server('s56'), flavor: 'mysql' as const, version: '5.6.14' },
      { server: server('s55'), flavor: 'mysql' as const, version: '5.5.34' },
    ];
    expect(serversFor(needs, picked, []).map((s) => s.label)).toEqual(['s55', 's56']);
  });

  it('says a server is not installed, with the command that installs it', () => {
    const picked = [{ server: server('s56'), flavor: 'mysql' as const, version: '5.6.14' }];
    const e = failureOfCall(() => serversFor(needs, picked, [{ flavor: 'mysql', version: '5.6.14' }]));
    expect(e.error.message).toBe(
      'This preset needs a MySQL 5.5 server, and none is installed on this machine.',
    );
    expect(e.error.hint).toBe(
      'Install it with bash scripts/install-deps.sh mysql-5.5, then create a sandbox from it and pick it.',
    );
  });

  it('says an installed server was not picked, and how to make a sandbox of it', () => {
    const picked = [{ server: server('m8'), flavor: 'mysql' as const, version: '8.0.31' }];
    const e = failureOfCall(() =>
      serversFor(needs, picked, [
        { flavor: 'mysql', version: '5.5.34' },
        { flavor: 'mysql', version: '5.6.14' },
      ]),
    );
    expect(e.error.message).toBe(
      'This preset needs a MySQL 5.5 server, and none of the servers picked is one.',
    );
    expect(e.error.hint).toMatch(/^Create a sandbox from MySQL 5\.5/);
  });
});

describe("post 001's presets on its own servers", () => {
  const args = {
    servers: [server('a'), server('b')],
    ordered: [server('s55'), server('s56')],
    schema: 'ssb_sf1',
    dataBytes: 700 * 1024 * 1024,
    queryIds: ['Q1.1', 'Q1.2'],
  };
  it('runs 5.5 against 5.6 with their defaults at 128 MB, cold then runs 1, 2 and 3', () => {
    const def = findPreset('post001-55-vs-56')!.build(args);
    expect(def.servers.map((s) => s.label)).toEqual(['s55', 's56']);
    expect(def.matrix).toEqual([
      { kind: 'buffer-pool-size', variable: 'innodb_buffer_pool_size', values: ['128M'] },
      { kind: 'startup', variable: 'innodb_flush_method', values: ['default', 'O_DIRECT'] },
    ]);
    expect(def.protocol).toMatchObject({ cold: true, hotRuns: 3 });
    // The post's own table travels with it: 5.6.10 over 5.5.30, run 1 = 324.25 s / 189.29 s.
    const run1 = def.references?.find((f) => f.id === 'post001-56-over-55-run1');
    expect(run1?.value).toBeCloseTo(1.713, 3);
    expect(run1?.sides.map((s) => s.version)).toEqual(['5.6.', '5.5.']);
  });
  it('reads through the OS page cache and with O_DIRECT only where every server is a sandbox', () => {
    const flush = (servers: Array<{ label: string; profileId: string; sandboxId?: string }>) =>
      findPreset('old-blocks-time')!
        .build({ ...args, servers })
        .matrix.find((m) => m.variable === 'innodb_flush_method');
    expect(flush([server('a')])).toEqual({
      kind: 'startup',
      variable: 'innodb_flush_method',
      values: ['default', 'O_DIRECT'],
    });
    expect(flush([server('a'), { label: 'remote', profileId: 'p-remote' }])).toBeUndefined();
  });
  it('names fsync where a server defaults to O_DIRECT (MariaDB, MySQL 8.4 and later), so the pair is never O_DIRECT twice', () => {
    const flush = (identities: Array<{ flavor: 'mysql' | 'mariadb'; version: string } | null>) =>
      findPreset('old-blocks-time')!
        .build({ ...args, servers: identities.map((_, i) => server(`s${i}`)), identities })
        .matrix.find((m) => m.variable === 'innodb_flush_method')?.values;
    expect(flush([{ flavor: 'mariadb', version: '10.11.19' }])).toEqual(['fsync', 'O_DIRECT']);
    expect(flush([{ flavor: 'mysql', version: '9.7.4' }])).toEqual(['fsync', 'O_DIRECT']);
    expect(
      flush([
        { flavor: 'mysql', version: '8.0.31' },
        { flavor: 'mariadb', version: '11.8.9' },
      ]),
    ).toEqual(['fsync', 'O_DIRECT']);
    // The posts' own servers keep their own (fsync, spelled their way); so does a server not identified.
    expect(flush([{ flavor: 'mysql', version: '5.5.34' }])).toEqual(['default', 'O_DIRECT']);
    expect(flush([{ flavor: 'mariadb', version: '11.4.5' }, null])).toEqual(['default', 'O_DIRECT']);
  });
  it("carries post 001's old_blocks_time figures: 1000 over 0 per pass, from the post's seconds", () => {
    const refs = findPreset('old-blocks-time')!.build(args).references ?? [];
    const byId = Object.fromEntries(refs.map((f) => [f.id, f.value]));
    // 362.31/349.24, 324.25/178.80, 320.74/178.55, 318.84/179.07 (post 001's table, 5.6.10, 128M).
    expect(byId['post001-old-blocks-cold']).toBeCloseTo(1.0374, 4);
    expect(byId['post001-old-blocks-run1']).toBeCloseTo(1.8135, 4);
    expect(byId['post001-old-blocks-run2']).toBeCloseTo(1.7964, 4);
    expect(byId['post001-old-blocks-run3']).toBeCloseTo(1.7805, 4);
    expect(refs.every((f) => f.citation.source === 'post 001')).toBe(true);
  });
  it("runs 5.6 with innodb_old_blocks_time=0 as post 001's third configuration", () => {
    const def = findPreset('post001-56-zero')!.build({ ...args, ordered: [server('s56')] });
    expect(def.servers.map((s) => s.label)).toEqual(['s56']);
    expect(def.matrix.map((m) => `${m.variable}=${m.values.join('|')}`)).toEqual([
      'innodb_buffer_pool_size=128M',
      'innodb_old_blocks_time=0',
    ]);
    // Post 001's row for it: 349.24 s cold over 178.80 s in run 1, on 5.6 with 0.
    expect(def.references?.map((f) => [f.id, f.value.toFixed(3), f.sides.map((x) => x.pass ?? '')])).toEqual([
      ['post001-cold-over-run1-5.6.10-128M-old-blocks-time-0', '1.953', ['cold', '']],
    ]);
    expect(def.references?.[0]?.sides[0]).toMatchObject({
      version: '5.6.',
      settings: { innodb_old_blocks_time: '0' },
    });
  });
});

describe('the adaptive hash index preset', () => {
  const base = { schema: 'ssb_sf1', dataBytes: 700 * 1024 * 1024, queryIds: ['Q1.1', 'Q1.2', 'Q2.1'] };
  const variables = (
    servers: Array<{ label: string; profileId: string; sandboxId?: string }>,
    identities: Array<{ flavor: 'mysql' | 'mariadb'; version: string } | null>,
  ) =>
    findPreset('old-blocks-time-ahi')!
      .build({ ...base, servers, identities })
      .matrix.map((m) => `${m.kind} ${m.variable}=${m.values.join('|')}`);

  it('adds innodb_adaptive_hash_index_parts 8 against 1 as a startup option on MySQL 5.7+ sandboxes', () => {
    expect(variables([server('s80')], [{ flavor: 'mysql', version: '8.0.31' }])).toEqual([
      'buffer-pool-size innodb_buffer_pool_size=88M',
      'global innodb_old_blocks_time=1000|0',
      'global innodb_adaptive_hash_index=ON|OFF',
      'startup innodb_adaptive_hash_index_parts=8|1',
    ]);
    expect(variables([server('s57')], [{ flavor: 'mysql', version: '5.7.22' }])).toContain(
      'startup innodb_adaptive_hash_index_parts=8|1',
    );
  });

  it('leaves it out where a server has no parts (MariaDB, MySQL 5.6), is not a sandbox, or is not known', () => {
    const without = (servers: Parameters<typeof variables>[0], ids: Parameters<typeof variables>[1]) =>
      variables(servers, ids).some((v) => v.includes('innodb_adaptive_hash_index_parts'));
    expect(without([server('m')], [{ flavor: 'mariadb', version: '10.11.6' }])).toBe(false);
    expect(without([server('s56')], [{ flavor: 'mysql', version: '5.6.14' }])).toBe(false);
    expect(without([{ label: 'remote', profileId: 'r' }], [{ flavor: 'mysql', version: '8.0.31' }])).toBe(
      false,
    );
    expect(without([server('s80')], [null])).toBe(false);
  });
});

describe('the queries a preset runs', () => {
  it('are the catalogue’s SSB queries, never a custom query the user saved (on another schema)', () => {
    const args = {
      servers: [server('a')],
      schema: 'ssb_sf1',
      dataBytes: 700 * 1024 * 1024,
      queryIds: ['Q1.1', 'Q2.1', 'custom:top-customers-spring-summer-2024'],
    };
    for (const id of ['old-blocks-time', 'cold-then-hot', 'pool-vs-data']) {
      const def = findPreset(id)!.build(args);
      expect(
        def.queries.map((q) => q.queryId),
        id,
      ).toEqual(['Q1.1', 'Q2.1']);
    }
  });
});

describe('the question a preset asks, and its figures read the same way', () => {
  const args = {
    servers: [server('a')],
    ordered: [server('s55'), server('s56')],
    schema: 'ssb_sf1',
    dataBytes: 700 * 1024 * 1024,
    queryIds: ['Q1.1'],
    engines: {
      InnoDB: { schema: 'ssb_sf1', dataBytes: 600, indexBytes: 100 },
      MyISAM: { schema: 'ssb_sf1_myisam', dataBytes: 500, indexBytes: 100 },
    },
  };

  it("post 001's innodb_old_blocks_time 1000 against 0, post 003's InnoDB against MyISAM, 5.6 against 5.5", () => {
    expect(findPreset('old-blocks-time')!.build(args).question).toEqual({
      variable: 'innodb_old_blocks_time',
      against: '0',
    });
    expect(findPreset('old-blocks-time-ahi')!.build(args).question).toEqual({
      variable: 'innodb_old_blocks_time',
      against: '0',
    });
    expect(findPreset('myisam-vs-innodb')!.build(args).question).toEqual({
      variable: 'dataset',
      against: 'ssb_sf1_myisam',
    });
    expect(findPreset('post001-55-vs-56')!.build(args).question).toEqual({
      variable: 'server',
      against: 's55',
    });
  });

  it('puts A where each published ratio has its divisor: every ratio on the screen is B over A', () => {
    for (const id of ['old-blocks-time', 'pool-vs-data', 'myisam-vs-innodb']) {
      const def = findPreset(id)!.build(args);
      const q = def.question!;
      for (const f of def.references ?? [])
        if (f.sides.length === 2 && f.sides[1]!.settings[q.variable] !== undefined)
          expect(f.sides[1]!.settings[q.variable], `${id}: ${f.id}`).toBe(q.against);
    }
  });
});
