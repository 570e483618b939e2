/**
 * The posts' own figures, as the presets carry them into their experiments: each cited by post and
 * table, copied from the posts' text (/work/shared/seeds 001–004). A ratio is computed from the two
 * figures the post printed, and both stay in its note. Where a post's charts are lost (post 003) only
 * the direction its text states is kept.
 */
import type { ReferenceFigureInput } from './reference-figures';
import { SSB_QUERY_IDS } from '../datasets/ssb-reference';

const POST001_TABLE =
  'table “Star Schema Benchmark – Scale Factor 1 – Mysql 5.5 vs 5.6” (seconds, 13 queries)';
const PASSES = ['cold', 'run 1', 'run 2', 'run 3'] as const;
const slug = (pass: string) => pass.replace(' ', '');
/** The post's totals are of all 13 queries: measured on all 13 or not at all (a subset is another figure). */
const ALL_13 = [...SSB_QUERY_IDS];

/** Post 001's rows (5.5.30, 5.6.10, 5.6.10 with innodb_old_blocks_time=0; 128M, then 4G), cold, runs 1–3. */
export const POST001_TABLE_ROWS = {
  '5.5.30 128M': [361.49, 189.29, 189.34, 189.4],
  '5.6.10 128M': [362.31, 324.25, 320.74, 318.84],
  '5.6.10 128M old_blocks_time=0': [349.24, 178.8, 178.55, 179.07],
  '5.5.30 4G': [200.87, 20.53, 20.36, 20.35],
  '5.6.10 4G': [195.33, 14.41, 14.45, 14.61],
} as const;

const secs = (n: number) => `${n.toFixed(2)} s`;

/** Post 001, configuration 1 against 2: innodb_old_blocks_time 1000 over 0 on 5.6.10, per pass; and Q1.1 alone. */
export function post001OldBlocksFigures(): ReferenceFigureInput[] {
  const at1000 = POST001_TABLE_ROWS['5.6.10 128M'];
  const at0 = POST001_TABLE_ROWS['5.6.10 128M old_blocks_time=0'];
  return [
    ...PASSES.map((pass, i) => ({
      id: `post001-old-blocks-${slug(pass)}`,
      label: `13-query total, ${pass}: innodb_old_blocks_time 1000 over 0`,
      value: at1000[i]! / at0[i]!,
      unit: 'ratio' as const,
      measure: { kind: 'query-seconds' as const, pass, queries: ALL_13 },
      sides: [
        { settings: { innodb_old_blocks_time: '1000' } },
        { settings: { innodb_old_blocks_time: '0' } },
      ],
      explain: ['pages-read' as const, 'pages-not-made-young' as const, 'server-cpu' as const],
      citation: { source: 'post 001', where: POST001_TABLE },
      note: `MySQL 5.6.10, 128M pool: ${secs(at1000[i]!)} with 1000 (its default), ${secs(at0[i]!)} with 0.`,
    })),
    {
      id: 'post001-q1.1-old-blocks',
      label: 'Q1.1 after the benchmark: innodb_old_blocks_time 1000 over 0',
      value: 33.94 / 7.81,
      unit: 'ratio',
      measure: { kind: 'query-seconds', pass: 'run 3', queries: ['Q1.1'] },
      sides: [
        { settings: { innodb_old_blocks_time: '1000' } },
        { settings: { innodb_old_blocks_time: '0' } },
      ],
      explain: ['pages-read', 'pages-not-made-young', 'server-cpu'],
      citation: {
        source: 'post 001',
        where:
          'Q1.1 with STRAIGHT_JOIN, lineorder first, before and after SET GLOBAL innodb_old_blocks_time=0',
      },
      note: '33.94 s with 1000 (4,824,154 pages not made young), 7.81 s with 0, at the same pages (38,960 and 39,009 read): the difference was CPU (40.17 s against 13.03 s), a clock read on each access not made young (docs/reproductions.md). The post forced lineorder first; here Q1.1 runs its own plan in the last hot pass.',
    },
  ];
}

/** Post 001, the 5.5.30 and 5.6.10 rows: 5.6 over 5.5, each with its own defaults, 128M pool. */
export function post001VersionFigures(): ReferenceFigureInput[] {
  const v55 = POST001_TABLE_ROWS['5.5.30 128M'];
  const v56 = POST001_TABLE_ROWS['5.6.10 128M'];
  return PASSES.map((pass, i) => ({
    id: `post001-56-over-55-${slug(pass)}`,
    label: `13-query total, ${pass}: MySQL 5.6 over 5.5, each with its defaults`,
    value: v56[i]! / v55[i]!,
    unit: 'ratio' as const,
    measure: { kind: 'query-seconds' as const, pass, queries: ALL_13 },
    sides: [{ version: '5.6.' }, { version: '5.5.' }],
    explain: ['pages-read' as const, 'pages-not-made-young' as const, 'server-cpu' as const],
    citation: { source: 'post 001', where: POST001_TABLE },
    note: `128M pool: 5.6.10 ${secs(v56[i]!)}, 5.5.30 ${secs(v55[i]!)}.`,
  }));
}

/** Post 001, configuration 3: the 128M pool over one larger than the data (4G), per version, cold and run 1. */
export function post001PoolFigures(bigPool: string): ReferenceFigureInput[] {
  const rows = [
    {
      version: '5.5.',
      small: POST001_TABLE_ROWS['5.5.30 128M'],
      big: POST001_TABLE_ROWS['5.5.30 4G'],
      name: '5.5.30',
    },
    {
      version: '5.6.',
      small: POST001_TABLE_ROWS['5.6.10 128M'],
      big: POST001_TABLE_ROWS['5.6.10 4G'],
      name: '5.6.10',
    },
  ];
  return rows.flatMap((r) =>
    (['cold', 'run 1'] as const).map((pass) => {
      const i = PASSES.indexOf(pass);
      return {
        id: `post001-pool-${r.name}-${slug(pass)}`,
        label: `13-query total, ${pass}, MySQL ${r.name.slice(0, 3)}: 128M pool over one larger than the data`,
        value: r.small[i]! / r.big[i]!,
        unit: 'ratio' as const,
        measure: { kind: 'query-seconds' as const, pass, queries: ALL_13 },
        sides: [
          { version: r.version, settings: { innodb_buffer_pool_size: '128M' } },
          { version: r.version, settings: { innodb_buffer_pool_size: bigPool } },
        ],
        explain: ['pages-read' as const],
        citation: { source: 'post 001', where: POST001_TABLE },
        note: `MySQL ${r.name}: ${secs(r.small[i]!)} with 128M, ${secs(r.big[i]!)} with 4G (SF 1, 587 MB of raw data).`,
      };
    }),
  );
}

/** Post 001's STRAIGHT_JOIN pair of Q1.1 on 5.6.10's default innodb_old_blocks_time=1000. */
export function post001JoinOrderFigures(): ReferenceFigureInput[] {
  return [
    {
      id: 'post001-q1.1-join-order',
      label: 'Q1.1: lineorder first over dim_date first (innodb_old_blocks_time=1000)',
      value: 33.94 / 22.54,
      unit: 'ratio',
      measure: { kind: 'query-seconds', pass: 'run 3' },
      sides: [{ queries: ['Q1.1 straight'] }, { queries: ['Q1.1 straight-dim-first'] }],
      explain: ['pages-read', 'pages-not-made-young'],
      citation: { source: 'post 001', where: 'Q1.1 with STRAIGHT_JOIN both ways, MySQL 5.6.10' },
      note: '33.94 s lineorder first (a full scan, 38,961 pages read), 22.54 s dim_date first (191,570 pages read by ref). With innodb_old_blocks_time=0: 7.81 s and 12.36 s.',
    },
  ];
}

const POST003_WHERE = 'the flights’ charts, as its text reads them (the charts themselves are lost)';

/**
 * Post 003's winners, MyISAM against InnoDB at SF 20: which engine was faster per query, cold and hot.
 * Flights 1 and 2: MyISAM cold, InnoDB hot. Flight 4: InnoDB on Q4.1 and Q4.2, MyISAM on Q4.3 ("faster
 * using MyISAM"). Flight 3 is left out: "in some cases MyISAM is substantially faster", without which.
 */
export function post003Figures(innodb: string, myisam: string): ReferenceFigureInput[] {
  const winners: Array<{ q: string; pass: 'cold' | 'run 1'; myisamFaster: boolean }> = [
    ...['Q1.1', 'Q1.2', 'Q1.3', 'Q2.1', 'Q2.2', 'Q2.3'].flatMap((q) => [
      { q, pass: 'cold' as const, myisamFaster: true },
      { q, pass: 'run 1' as const, myisamFaster: false },
    ]),
    { q: 'Q4.1', pass: 'run 1', myisamFaster: false },
    { q: 'Q4.2', pass: 'run 1', myisamFaster: false },
    { q: 'Q4.3', pass: 'run 1', myisamFaster: true },
  ];
  return winners.map(({ q, pass, myisamFaster }) => ({
    id: `post003-${q}-${pass === 'cold' ? 'cold' : 'hot'}`,
    label: `${q} ${pass === 'cold' ? 'cold' : 'hot'}: ${myisamFaster ? 'MyISAM' : 'InnoDB'} faster (InnoDB's time over MyISAM's)`,
    // The direction only: above 1× is MyISAM faster, below is InnoDB faster.
    value: myisamFaster ? 1.1 : 0.9,
    unit: 'ratio' as const,
    directionOnly: true,
    measure: { kind: 'query-seconds' as const, pass, queries: [q] },
    sides: [{ settings: { dataset: innodb } }, { settings: { dataset: myisam } }],
    explain: ['bytes-read' as const],
    citation: { source: 'post 003', where: POST003_WHERE },
    note:
      pass === 'cold'
        ? 'MyISAM is faster when the data is not cached; InnoDB does more IO cold (MySQL 5.6.11, SF 20, O_DIRECT, 64 GB pool).'
        : 'Hot, InnoDB uses less CPU (the post suspects the adaptive hash index); Q4.3 examines little data and MyISAM wins it.',
  }));
}

/**
 * Post 001's cold pass over run 1 (how much the repeats gained), for the rows a preset of one
 * configuration reproduces: 5.5.30 and 5.6.10 with their defaults, or 5.6.10 with innodb_old_blocks_time=0.
 */
export function post001ColdOverHotFigures(
  rows: ReadonlyArray<keyof typeof POST001_TABLE_ROWS>,
): ReferenceFigureInput[] {
  return rows.map((row) => {
    const [cold, run1] = POST001_TABLE_ROWS[row];
    const [version, pool, setting] = row.split(' ');
    const settings: Record<string, string> = setting ? { innodb_old_blocks_time: '0' } : {};
    const prefix = `${version!.split('.').slice(0, 2).join('.')}.`;
    return {
      id: `post001-cold-over-run1-${row.replace(/[^A-Za-z0-9.]+/g, '-')}`,
      label: `13-query total, MySQL ${prefix.slice(0, -1)}${setting ? ' with innodb_old_blocks_time=0' : ''}: cold over run 1`,
      value: cold / run1,
      unit: 'ratio' as const,
      measure: { kind: 'query-seconds' as const, pass: 'run 1', queries: ALL_13 },
      sides: [
        { version: prefix, settings, pass: 'cold' },
        { version: prefix, settings },
      ],
      explain: ['pages-read' as const],
      citation: { source: 'post 001', where: POST001_TABLE },
      note: `MySQL ${version}, ${pool} pool${setting ? `, innodb_${setting}` : ''}: ${secs(cold)} cold, ${secs(run1)} in run 1.`,
    };
  });
}
