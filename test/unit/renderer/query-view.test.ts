import { describe, expect, it } from 'vitest';
import type { CatalogueQuery } from '../../../src/shared/runs/runs';
import {
  addVariant,
  draftFromForm,
  draftOf,
  emptyDraft,
  groupByFlight,
  pollSetting,
  poolSizeWords,
  runButtonLabel,
  tracePagesControl,
} from '../../../src/renderer/features/queries/utils/query-view';

const q = (id: string, flight: string, source: 'ssb' | 'custom' = 'ssb'): CatalogueQuery => ({
  id,
  title: id,
  flight,
  source,
  variants: [{ variant: 'base', label: 'ANSI JOIN', sql: 'SELECT 1' }],
});

describe('groupByFlight', () => {
  it('groups in catalogue order, the user’s own last', () => {
    const groups = groupByFlight([
      q('custom:mine', 'Custom', 'custom'),
      q('Q1.1', 'Flight 1'),
      q('Q1.2', 'Flight 1'),
      q('Q2.1', 'Flight 2'),
    ]);
    expect(groups.map((g) => [g.flight, g.queries.map((x) => x.id)])).toEqual([
      ['Flight 1', ['Q1.1', 'Q1.2']],
      ['Flight 2', ['Q2.1']],
      ['Custom', ['custom:mine']],
    ]);
  });
});

describe('the custom query draft', () => {
  it('names what is missing, per field', () => {
    const result = draftFromForm(emptyDraft());
    expect(result).toEqual({
      ok: false,
      errors: { title: 'a title is required', 'variants.0.sql': 'the SQL is empty' },
    });
  });

  it('refuses a bad variant id and two variants with the same id', () => {
    const form = {
      title: 'Mine',
      variants: [
        { variant: 'Base!', label: 'a', sql: 'select 1' },
        { variant: 'Base!', label: 'b', sql: 'select 2' },
      ],
    };
    const result = draftFromForm(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['variants.0.variant']).toBe('lower-case letters, digits and dashes');
    expect(result.errors['variants.1.variant']).toBe('lower-case letters, digits and dashes');
    const dup = draftFromForm({ ...form, variants: form.variants.map((v) => ({ ...v, variant: 'same' })) });
    expect(dup).toEqual({ ok: false, errors: { 'variants.1.variant': 'two variants have this id' } });
  });

  it('passes a good draft through, and edits keep the id', () => {
    const form = addVariant({ ...draftOf({ ...q('custom:mine', 'Custom', 'custom'), title: 'Mine' }) });
    expect(form.variants.map((v) => v.variant)).toEqual(['base', 'v2']);
    form.variants[1]!.sql = 'SELECT 2';
    expect(draftFromForm(form)).toEqual({ ok: true, draft: form });
    expect(form.id).toBe('custom:mine');
  });
});

describe('pollSetting', () => {
  it('reads auto, off, or an interval in ms', () => {
    expect(pollSetting(' Auto ')).toEqual({ ok: true, poll: 'auto' });
    expect(pollSetting('off')).toEqual({ ok: true, poll: 'off' });
    expect(pollSetting('500')).toEqual({ ok: true, poll: 500 });
    expect(pollSetting('250 ms')).toEqual({ ok: true, poll: 250 });
    expect(pollSetting('10')).toMatchObject({ ok: false });
    expect(pollSetting('fast')).toMatchObject({
      ok: false,
      error: 'auto, off, or an interval from 50 to 60000 ms',
    });
  });
});

describe('the Queries screen in plain words', () => {
  it("names the Run button by the query and its variant's label, never by the variant's id ('Run base')", () => {
    const q11 = { id: 'Q1.1', title: 'Q1.1: Revenue', source: 'ssb' as const };
    expect(runButtonLabel(q11, { variant: 'base', label: 'As written' })).toBe('Run Q1.1');
    expect(runButtonLabel(q11, { variant: 'straight-dim-first', label: 'dim_date first' })).toBe(
      'Run Q1.1, dim_date first',
    );
  });

  it('names your own query by its title, not its id', () => {
    const mine = {
      id: 'custom:top-customers-spring-summer-2024',
      title: 'Top customers, spring–summer 2024',
      source: 'custom' as const,
    };
    expect(runButtonLabel(mine, { variant: 'base', label: 'As written' })).toBe(
      'Run “Top customers, spring–summer 2024”',
    );
  });

  it('says the pool size in MiB, or that it is not known', () => {
    expect(poolSizeWords(16 * 1024 * 1024)).toBe('16 MiB');
    expect(poolSizeWords(null)).toBe('not known (the server did not say)');
  });
});

describe('the "Trace pages" box', () => {
  it('is off with the reason beside it where the server cannot be traced, and live where it can', () => {
    expect(tracePagesControl(null)).toEqual({
      disabled: true,
      note: 'checking whether this server can be traced…',
    });
    expect(
      tracePagesControl({
        available: false,
        reason: "the server's binary /usr/sbin/mariadbd has no symbols",
      }),
    ).toEqual({ disabled: true, note: "unavailable: the server's binary /usr/sbin/mariadbd has no symbols" });
    expect(tracePagesControl({ available: true, reason: '' })).toEqual({
      disabled: false,
      note: 'a separate, slower run: its time is left out of every timing comparison',
    });
  });
});
