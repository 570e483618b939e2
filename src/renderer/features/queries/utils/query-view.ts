/**
 * The catalogue as the Queries screen shows it (grouped by flight, in catalogue order), the custom
 * query editor's form, and the run form's poll setting: pure, so tested without a screen.
 */
import { formatBytes } from '../../../../shared/format';
import { traceControl, type PageTraceOption } from '../../../../shared/trace/traced-runs';
import {
  CustomQueryDraftSchema,
  PollSettingSchema,
  type CatalogueQuery,
  type CustomQueryDraft,
  type PollSetting,
} from '../../../../shared/runs/runs';

export { groupByFlight, type FlightGroup } from '../../../lib/catalogue';

// ---------- the custom query editor ----------

export interface DraftForm {
  id?: string;
  title: string;
  variants: Array<{ variant: string; label: string; sql: string }>;
}

export type DraftErrors = Record<string, string>;

export function emptyDraft(): DraftForm {
  return { title: '', variants: [{ variant: 'base', label: 'As written', sql: '' }] };
}

/** A custom query's form, to edit it. */
export function draftOf(q: CatalogueQuery): DraftForm {
  return {
    id: q.id,
    title: q.title,
    variants: q.variants.map((v) => ({ variant: v.variant, label: v.label, sql: v.sql })),
  };
}

/** A new variant with an id not used yet ("v2", "v3"...). */
export function addVariant(form: DraftForm): DraftForm {
  let n = form.variants.length + 1;
  while (form.variants.some((v) => v.variant === `v${n}`)) n += 1;
  return { ...form, variants: [...form.variants, { variant: `v${n}`, label: `Variant ${n}`, sql: '' }] };
}

/**
 * The draft to send, or the problems in words keyed by field ("title", "variants.1.sql"). Whether the
 * SQL is a read is the server's call (it answers in words); this checks only the shape.
 */
export function draftFromForm(
  form: DraftForm,
): { ok: true; draft: CustomQueryDraft } | { ok: false; errors: DraftErrors } {
  const parsed = CustomQueryDraftSchema.safeParse(form);
  const errors: DraftErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  const seen = new Set<string>();
  form.variants.forEach((v, i) => {
    if (seen.has(v.variant)) errors[`variants.${i}.variant`] ??= 'two variants have this id';
    seen.add(v.variant);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, draft: form };
}

// ---------- the run form ----------

export interface RunForm {
  /** 'auto', 'off', or a fixed interval in ms as typed. */
  poll: string;
  explainAnalyze: boolean;
  /** Trace the server's page requests (issue 31): only where the capability report says it can. */
  tracePages: boolean;
}

/** The "Trace pages" box (traceControl): a traced run is a run of its own. */
export function tracePagesControl(option: PageTraceOption | null): {
  disabled: boolean;
  note: string;
} {
  return traceControl(option, 'a separate, slower run: its time is left out of every timing comparison');
}

export function pollSetting(text: string): { ok: true; poll: PollSetting } | { ok: false; error: string } {
  const trimmed = text.trim().toLowerCase();
  const value = trimmed === 'auto' || trimmed === 'off' ? trimmed : Number(trimmed.replace(/\s*ms$/, ''));
  const parsed = PollSettingSchema.safeParse(value);
  if (parsed.success) return { ok: true, poll: parsed.data };
  return { ok: false, error: 'auto, off, or an interval from 50 to 60000 ms' };
}

/**
 * The Run button's words: the query (an SSB query by its id, your own by its title, not its
 * "custom:top-customers-spring-summer-2024" id), and its variant by its label unless it is the query as written.
 */
export function runButtonLabel(
  query: Pick<CatalogueQuery, 'id' | 'title' | 'source'> | undefined,
  variant: { variant: string; label: string } | undefined,
): string {
  const name = !query ? '' : query.source === 'custom' ? `“${query.title}”` : query.id;
  if (!variant || variant.variant === 'base') return `Run ${name}`.trimEnd();
  return `Run ${name}, ${variant.label}`;
}

/** "16 MiB", or that the size could not be read. */
export function poolSizeWords(bytes: number | null): string {
  return bytes === null ? 'not known (the server did not say)' : formatBytes(bytes);
}
