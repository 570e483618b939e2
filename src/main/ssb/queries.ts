/**
 * The 13 SSB queries and their join-order variants, read from queries/ssb/*.sql. Everything that
 * runs or counts a query (runs, verify, the selectivity check) takes it from here, so each query
 * is written once: its count form is derived from the same file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AppFailure } from '../../shared/result';
import { countKeptRowsSql, parseSsbQuery, type ParsedQuery } from './query-parse';

/**
 * 'base': the seed's text, the optimizer picks the join order. 'straight': SELECT STRAIGHT_JOIN,
 * tables joined in the written order. 'straight-dim-first' (Q1.x): STRAIGHT_JOIN from dim_date into
 * lineorder, the post's other plan.
 */
export type SsbQueryVariant = 'base' | 'straight' | 'straight-dim-first';

export const VARIANT_LABELS: Record<SsbQueryVariant, string> = {
  base: 'as written; the optimizer picks the join order',
  straight: 'STRAIGHT_JOIN, tables joined in the written order',
  'straight-dim-first': 'STRAIGHT_JOIN, dim_date first, then lineorder by its date index',
};

export interface SsbQuery {
  /** 'Q1.1' .. 'Q4.3' */
  id: string;
  /** 1..4 */
  flight: number;
  variant: SsbQueryVariant;
  /** From the base file's first line. */
  title: string;
  /** File name within the queries folder, e.g. 'q1.1.straight.sql'. */
  file: string;
  /** The file's text, comments included. */
  sql: string;
  /** SELECT COUNT(*) over the same FROM, JOINs and WHERE: the lineorder rows the query keeps. */
  countSql: string;
  /** Tables in join order as written. */
  tables: string[];
  parsed: ParsedQuery;
}

const FILE_NAME = /^q([1-4])\.([1-9])(?:\.(straight|straight-dim-first))?\.sql$/;
const TITLE_LINE = /^--\s*Q[1-4]\.[1-9]:\s*(.+)$/m;

/** Where queries/ssb is: BPLAB_QUERIES_DIR, else the first one found above this file or the working directory. */
export function findQueriesDir(): string {
  const fromEnv = process.env.BPLAB_QUERIES_DIR;
  if (fromEnv) return fromEnv;
  const starts = [typeof __dirname === 'string' ? __dirname : null, process.cwd()].filter(
    (s): s is string => !!s,
  );
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const candidate = join(dir, 'queries', 'ssb');
      if (existsSync(join(candidate, 'q1.1.sql'))) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  throw AppFailure.of('NOT_FOUND', 'bplab could not find its SSB query files (queries/ssb).', {
    hint: 'Run bplab from its folder, or set BPLAB_QUERIES_DIR to the folder holding q1.1.sql.',
  });
}

function fail(file: string, why: string): never {
  throw AppFailure.of('FILE_MALFORMED', `The SSB query file ${file} cannot be used: ${why}.`, {
    hint: 'Restore it from bplab\u2019s queries/ssb folder.',
    details: { file },
  });
}

/** Reads every query file of `dir`, base queries first within each id (Q1.1, Q1.1 straight, ...). */
export function loadSsbQueries(dir: string = findQueriesDir()): SsbQuery[] {
  const files = readdirSync(dir).filter((f) => FILE_NAME.test(f));
  const texts = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const queries = files.map((file): SsbQuery => {
    const [, flight, n, variant] = FILE_NAME.exec(file)!;
    const sql = texts.get(file)!;
    const baseFile = `q${flight}.${n}.sql`;
    const baseText = texts.get(baseFile);
    if (baseText === undefined) fail(file, `its base query ${baseFile} is missing`);
    const title = TITLE_LINE.exec(baseText)?.[1]?.trim();
    if (!title) fail(baseFile, 'its first line must be "-- Qn.m: title"');
    let parsed: ParsedQuery;
    try {
      parsed = parseSsbQuery(sql);
    } catch (e) {
      fail(file, e instanceof Error ? e.message : String(e));
    }
    return {
      id: `Q${flight}.${n}`,
      flight: Number(flight),
      variant: (variant ?? 'base') as SsbQueryVariant,
      title,
      file,
      sql,
      countSql: countKeptRowsSql(parsed),
      tables: parsed.tables,
      parsed,
    };
  });
  const variantOrder: SsbQueryVariant[] = ['base', 'straight', 'straight-dim-first'];
  return queries.sort(
    (a, b) => a.id.localeCompare(b.id) || variantOrder.indexOf(a.variant) - variantOrder.indexOf(b.variant),
  );
}

/** The 13 queries as the benchmark defines them (one per id). */
export const baseQueries = (all: readonly SsbQuery[]): SsbQuery[] => all.filter((q) => q.variant === 'base');
