/**
 * Reference figures: what a post (or a vendor, or an earlier run) published, kept in the experiment's
 * definition so a preset's figures travel with its file, and the verdict on what bplab measured beside
 * each. A figure says what to measure (a pass's seconds, a load's QPS at some clients), on which side
 * or two sides of the matrix (dimension values, a server), and where it was published. Pure.
 */
import { z } from '../zod';
import { formatCount, formatRatio } from '../format';
import { BYTES_READ, PAGES_READ, PAGES_READ_COUNTER } from '../runs/read-words';

const PASS = /^(cold|run [1-9][0-9]?)$/;
const PASS_WORDS = 'a pass: "cold" or "run 1", "run 2"...';

/** One side a figure reads: the configurations holding these dimension values (and this server). */
export const FigureSideSchema = z.object({
  /** A server's label in the experiment; absent: every server, each measured on its own. */
  server: z.string().trim().min(1).max(120).optional(),
  /** A server's version prefix ("5.5.", "5.6."): the servers whose capability report says so. */
  version: z.string().trim().min(1).max(40).optional(),
  /** Dimension values: { innodb_old_blocks_time: "1000" }; a dimension not named here varies freely. */
  settings: z.record(z.string().min(1).max(64), z.string().min(1).max(200)).default({}),
  /** This side's own pass, queries or clients, where the two sides differ in them (cold over run 3, 32 clients over 1). */
  pass: z.string().regex(PASS, PASS_WORDS).optional(),
  queries: z.array(z.string().min(1).max(140)).max(100).optional(),
  clients: z.number().int().min(1).max(10_000).optional(),
});
export type FigureSide = z.output<typeof FigureSideSchema>;

/** What bplab measures on each side: a pass's total seconds, or a load step's QPS at some clients. */
export const FigureMeasureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('query-seconds'),
    /** "cold", "run 1", "run 2"... as the results name their passes. */
    pass: z.string().regex(PASS, PASS_WORDS),
    /** The queries summed, as "Q1.1" or "Q1.1 straight" (query and variant); absent: every query. */
    queries: z.array(z.string().min(1).max(140)).max(100).optional(),
  }),
  z.object({
    kind: z.literal('load-qps'),
    /** Which of the definition's load steps (0 the first). */
    step: z.number().int().min(0).max(7).default(0),
    clients: z.number().int().min(1).max(10_000),
  }),
]);
export type FigureMeasure = z.output<typeof FigureMeasureSchema>;

/** Counters shown under a verdict, each side's: what explains the figure. */
export const EXPLAINING_COUNTERS = {
  'pages-read': `${PAGES_READ} (${PAGES_READ_COUNTER})`,
  'pages-not-made-young': 'pages not made young',
  'read-ahead': 'pages read ahead (Innodb_buffer_pool_read_ahead)',
  'bytes-read': BYTES_READ,
  /** Post 001's 1.8× was here, at the same pages: a clock read on each access not made young. */
  'server-cpu': 'CPU time the server used',
} as const;
export type ExplainingCounter = keyof typeof EXPLAINING_COUNTERS;

export const FIGURE_UNITS = ['s', 'ratio', '%', 'qps', 'pages', 'bytes'] as const;

export const ReferenceFigureSchema = z
  .object({
    /** Unique in the experiment: "post001-run1-ratio". */
    id: z.string().regex(/^[A-Za-z0-9._-]{1,80}$/, 'an id of letters, digits, dots, dashes (80 at most)'),
    label: z.string().trim().min(1).max(200),
    value: z.number().finite(),
    /**
     * One side: the side's own figure. Two sides: 'ratio' is the first over the second, '%' the change
     * of the first over the second ((first / second − 1) × 100), as "performance_schema cost 7.5%".
     */
    unit: z.enum(FIGURE_UNITS),
    /** The source says only which way it goes (its charts are lost): the verdict is on direction alone. */
    directionOnly: z.boolean().default(false),
    measure: FigureMeasureSchema,
    sides: z.array(FigureSideSchema).min(1).max(2),
    explain: z
      .array(z.enum(['pages-read', 'pages-not-made-young', 'read-ahead', 'bytes-read', 'server-cpu']))
      .max(4)
      .default([]),
    citation: z.object({
      /** "post 001", "MySQL 5.6 release notes", "earlier run 2026-11-20". */
      source: z.string().trim().min(1).max(120),
      /** The table or figure: "table: Star Schema Benchmark – Scale Factor 1". */
      where: z.string().trim().min(1).max(300),
    }),
    note: z.string().max(1000).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.sides.length === 2 && f.unit !== 'ratio' && f.unit !== '%')
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: 'a figure of two sides is a ratio or a change in %',
      });
  });
export type ReferenceFigure = z.output<typeof ReferenceFigureSchema>;
export type ReferenceFigureInput = z.input<typeof ReferenceFigureSchema>;

/** A definition's figures: ids unique. */
export const ReferenceFiguresSchema = z
  .array(ReferenceFigureSchema)
  .max(300)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      if (seen.has(f.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `two figures are named ${f.id}` });
      seen.add(f.id);
    });
  });

/** The value meaning "no effect": 1 for a ratio, 0 for anything else (a change, a time, a count). */
export const baselineOf = (unit: ReferenceFigure['unit']): number => (unit === 'ratio' ? 1 : 0);

/** How close a measured figure must be to the published one to be "reproduced": 10% of it. */
export const REPRODUCED_WITHIN = 0.1;

export type VerdictKind =
  'reproduced' | 'smaller' | 'larger' | 'opposite' | 'same-direction' | 'not-measured';

export const VERDICT_WORDS: Record<VerdictKind, string> = {
  reproduced: 'reproduced (within 10%)',
  smaller: 'same direction, smaller',
  larger: 'same direction, larger',
  opposite: 'opposite',
  'same-direction': 'same direction (the source gives the direction only)',
  'not-measured': 'not measured',
};

/**
 * The verdict on one figure: within 10% of the published value is reproduced; otherwise the effect
 * (the distance from the baseline, 1 for a ratio, 0 else) is compared: on the same side of the
 * baseline, smaller or larger; on the other side, or none where the source saw one, opposite. A
 * source that gives a direction only is reproduced in direction or opposite. A published value on
 * the baseline itself (no effect) measured beyond 10% is "larger": an effect the source did not see.
 */
export function verdictOf(
  published: number,
  measured: number | null,
  baseline: number,
  directionOnly = false,
): VerdictKind {
  if (measured === null || !Number.isFinite(measured)) return 'not-measured';
  const want = Math.sign(published - baseline);
  const got = Math.sign(measured - baseline);
  if (directionOnly) return want !== 0 && got === want ? 'same-direction' : 'opposite';
  if (Math.abs(measured - published) <= REPRODUCED_WITHIN * Math.abs(published) + 1e-12) return 'reproduced';
  if (want === 0) return 'larger';
  if (got !== want) return 'opposite';
  return Math.abs(measured - baseline) < Math.abs(published - baseline) ? 'smaller' : 'larger';
}

/** A figure's value in its unit: "1.81×", "7.5%", "101.90 s", "92,301 QPS". */
export function formatFigure(value: number, unit: ReferenceFigure['unit']): string {
  if (!Number.isFinite(value)) return '—';
  switch (unit) {
    case 'ratio':
      return formatRatio(value);
    case '%':
      return `${value.toFixed(Math.abs(value) >= 10 ? 0 : 1)}%`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'qps':
      return `${formatCount(value)} QPS`;
    case 'pages':
      return `${formatCount(value)} pages`;
    case 'bytes':
      return `${formatCount(value)} bytes`;
  }
}
