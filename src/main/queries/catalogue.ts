/**
 * The query catalogue: SSB's 13 queries with their join-order variants (read by ssb/queries.ts from
 * queries/ssb) and the user's own queries, kept in the data folder (queries.json, written atomically).
 * A custom query is stored only when every variant is a read (read-only.ts); a damaged file is never
 * overwritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from '../../shared/zod';
import { AppFailure } from '../../shared/result';
import { CustomQueryDraftSchema, type CatalogueQuery, type CustomQueryDraft } from '../../shared/runs/runs';
import { writeFileAtomic } from '../files/atomic-file';
import { uniqueId } from '../files/unique-id';
import { loadSsbQueries, VARIANT_LABELS, type SsbQuery } from '../ssb/queries';
import { checkReadOnly } from './read-only';

export const CUSTOM_PREFIX = 'custom:';

const StoredSchema = z.object({
  format: z.literal(1),
  queries: z.array(
    z.object({
      id: z.string().startsWith(CUSTOM_PREFIX),
      title: z.string(),
      variants: z.array(z.object({ variant: z.string(), label: z.string(), sql: z.string() })).min(1),
    }),
  ),
});

/** One variant of one query, ready to run. */
export interface ResolvedQuery {
  query: CatalogueQuery;
  variant: string;
  sql: string;
  /** Custom SQL runs inside START TRANSACTION READ ONLY. */
  custom: boolean;
}

export class QueryCatalogue {
  readonly file: string;
  private ssb?: CatalogueQuery[];

  constructor(
    dataDir: string,
    private readonly loadSsb: () => SsbQuery[] = () => loadSsbQueries(),
  ) {
    this.file = join(dataDir, 'queries.json');
  }

  list(): CatalogueQuery[] {
    return [...this.ssbQueries(), ...this.readCustom()];
  }

  get(id: string): CatalogueQuery {
    const q = this.list().find((x) => x.id === id);
    if (!q)
      throw AppFailure.of('NOT_FOUND', `There is no query "${id}" in the catalogue.`, {
        hint: 'bplab queries lists them (Q1.1 ... Q4.3, and your own as custom:NAME).',
        details: { queryId: id },
      });
    return q;
  }

  resolve(id: string, variant: string): ResolvedQuery {
    const query = this.get(id);
    const v = query.variants.find((x) => x.variant === variant);
    if (!v)
      throw AppFailure.of(
        'NOT_FOUND',
        `${id} has no variant "${variant}"; it has ${query.variants.map((x) => x.variant).join(', ')}.`,
        { details: { queryId: id, variant } },
      );
    const custom = query.source === 'custom';
    if (custom) {
      const check = checkReadOnly(v.sql);
      if (!check.ok) throw refused(check.reason);
    }
    return { query, variant, sql: v.sql, custom };
  }

  /** Creates or replaces a custom query; every variant must be a read. */
  save(draft: CustomQueryDraft): CatalogueQuery {
    const parsed = CustomQueryDraftSchema.safeParse(draft);
    if (!parsed.success)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        `The query cannot be saved: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ')}`,
      );
    const d = parsed.data;
    const seen = new Set<string>();
    const variants = d.variants.map((v) => {
      if (seen.has(v.variant))
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          `Two variants are named "${v.variant}"; each needs its own name.`,
        );
      seen.add(v.variant);
      const check = checkReadOnly(v.sql);
      if (!check.ok) throw refused(`variant "${v.variant}": ${check.reason}`);
      return { variant: v.variant, label: v.label, sql: check.sql };
    });
    const all = this.readCustom();
    let id = d.id;
    if (id !== undefined) {
      if (!id.startsWith(CUSTOM_PREFIX))
        throw AppFailure.of(
          'INVALID_ARGUMENT',
          `${id} is one of the SSB queries; only your own can be changed.`,
        );
      if (!all.some((q) => q.id === id))
        throw AppFailure.of('NOT_FOUND', `There is no custom query "${id}" to update.`);
    } else {
      const slug = uniqueId(
        d.title,
        all.map((q) => q.id.slice(CUSTOM_PREFIX.length)),
      );
      id = `${CUSTOM_PREFIX}${slug === 'profile' ? 'query' : slug}`;
    }
    const query: CatalogueQuery = { id, title: d.title, flight: 'Custom', source: 'custom', variants };
    this.writeCustom([...all.filter((q) => q.id !== id), query]);
    return query;
  }

  delete(id: string): void {
    const all = this.readCustom();
    if (!all.some((q) => q.id === id))
      throw AppFailure.of(
        'NOT_FOUND',
        id.startsWith(CUSTOM_PREFIX)
          ? `There is no custom query "${id}".`
          : `${id} is one of the SSB queries; only your own can be deleted.`,
      );
    this.writeCustom(all.filter((q) => q.id !== id));
  }

  private ssbQueries(): CatalogueQuery[] {
    if (!this.ssb) {
      const byId = new Map<string, CatalogueQuery>();
      for (const q of this.loadSsb()) {
        const entry = byId.get(q.id) ?? {
          id: q.id,
          title: q.title,
          flight: `Flight ${q.flight}`,
          source: 'ssb' as const,
          variants: [],
        };
        entry.variants.push({ variant: q.variant, label: VARIANT_LABELS[q.variant], sql: q.sql });
        byId.set(q.id, entry);
      }
      this.ssb = [...byId.values()];
    }
    return this.ssb;
  }

  private readCustom(): CatalogueQuery[] {
    if (!existsSync(this.file)) return [];
    let parsed: z.infer<typeof StoredSchema>;
    try {
      parsed = StoredSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch (e) {
      throw AppFailure.of(
        'FILE_MALFORMED',
        `Your saved queries (${this.file}) cannot be read: ${(e as Error).message}`,
        {
          hint: 'bplab leaves the file as it is; fix it or move it away to start an empty list.',
          details: { file: this.file },
        },
      );
    }
    return parsed.queries.map((q) => ({ ...q, flight: 'Custom', source: 'custom' as const }));
  }

  private writeCustom(queries: CatalogueQuery[]): void {
    const stored = {
      format: 1,
      queries: queries.map(({ id, title, variants }) => ({ id, title, variants })),
    };
    writeFileAtomic(this.file, `${JSON.stringify(stored, null, 2)}\n`);
  }
}

function refused(reason: string): AppFailure {
  return AppFailure.of('INVALID_ARGUMENT', `bplab runs only reads. ${reason}`, {
    hint: 'A custom query must be one SELECT (or WITH ... SELECT) without INTO, FOR UPDATE or LOCK IN SHARE MODE.',
  });
}
