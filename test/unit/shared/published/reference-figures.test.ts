/** The verdict on a published figure against a measured one, at its edges, and the figures' model. */
import { describe, expect, it } from 'vitest';
import {
  ReferenceFigureSchema,
  ReferenceFiguresSchema,
  VERDICT_WORDS,
  formatFigure,
  verdictOf,
} from '../../../../src/shared/published/reference-figures';
import { ExperimentDefinitionSchema } from '../../../../src/shared/experiments/experiments';
import { RUN1_RATIO } from '../../../support/reference-fixture';

describe('verdictOf', () => {
  it('is reproduced within 10% of the published value, either way, and not beyond', () => {
    expect(verdictOf(1.8, 1.8 * 1.1, 1)).toBe('reproduced');
    expect(verdictOf(1.8, 1.8 * 0.9, 1)).toBe('reproduced');
    expect(verdictOf(1.8, 1.8 * 0.89, 1)).toBe('smaller');
    expect(verdictOf(1.8, 1.8 * 1.11, 1)).toBe('larger');
  });

  it("weighs a ratio's effect from 1×: 1.11× against the post's 1.81× is the same direction, smaller", () => {
    expect(verdictOf(324.25 / 178.8, 1.11, 1)).toBe('smaller');
    expect(verdictOf(1.04, 1.06, 1)).toBe('reproduced');
    expect(verdictOf(1.5, 3, 1)).toBe('larger');
  });

  it('is opposite across the baseline, and when no effect is measured where the source saw one', () => {
    expect(verdictOf(1.81, 0.9, 1)).toBe('opposite');
    expect(verdictOf(1.81, 1, 1)).toBe('opposite');
    expect(verdictOf(7.5, -2, 0)).toBe('opposite');
    expect(verdictOf(0.7, 1.2, 1)).toBe('opposite');
  });

  it('reads a change in % from 0: 4% against 7.5% is smaller, 13.5% against 13% reproduced', () => {
    expect(verdictOf(7.5, 4, 0)).toBe('smaller');
    expect(verdictOf(13, 13.5, 0)).toBe('reproduced');
    expect(verdictOf(-20, -30, 0)).toBe('larger');
  });

  it('calls an effect where the source published none larger, and none again reproduced', () => {
    expect(verdictOf(0, 0, 0)).toBe('reproduced');
    expect(verdictOf(0, 0.5, 0)).toBe('larger');
    expect(verdictOf(1, 1.05, 1)).toBe('reproduced');
  });

  it('judges a direction-only figure on its direction alone', () => {
    expect(verdictOf(1.1, 3.2, 1, true)).toBe('same-direction');
    expect(verdictOf(1.1, 1.01, 1, true)).toBe('same-direction');
    expect(verdictOf(1.1, 0.7, 1, true)).toBe('opposite');
    expect(verdictOf(0.9, 0.7, 1, true)).toBe('same-direction');
    expect(verdictOf(1.1, 1, 1, true)).toBe('opposite');
  });

  it('says not measured when nothing was', () => {
    expect(verdictOf(1.8, null, 1)).toBe('not-measured');
    expect(verdictOf(1.8, Number.NaN, 1)).toBe('not-measured');
  });

  it('words each verdict as the issue names them', () => {
    expect(
      [verdictOf(1.8, 1.75, 1), verdictOf(1.8, 1.1, 1), verdictOf(1.8, 0.5, 1)].map((v) => VERDICT_WORDS[v]),
    ).toEqual(['reproduced (within 10%)', 'same direction, smaller', 'opposite']);
    expect(VERDICT_WORDS.larger).toBe('same direction, larger');
  });
});

describe('the figures model', () => {
  it('keeps a figure with its citation and explaining counters', () => {
    const f = ReferenceFigureSchema.parse(RUN1_RATIO);
    expect(f.citation).toEqual({ source: 'post 001', where: 'its table' });
    expect(f.directionOnly).toBe(false);
    expect(formatFigure(f.value, f.unit)).toBe('1.81×');
  });

  it('refuses a figure of two sides in seconds, and two figures of one id, in words', () => {
    const twoSidesInSeconds = ReferenceFigureSchema.safeParse({ ...RUN1_RATIO, unit: 's' });
    expect(twoSidesInSeconds.error?.issues[0]?.message).toBe(
      'a figure of two sides is a ratio or a change in %',
    );
    const twice = ReferenceFiguresSchema.safeParse([RUN1_RATIO, RUN1_RATIO]);
    expect(twice.error?.issues[0]?.message).toBe('two figures are named post001-run1');
    const pass = ReferenceFigureSchema.safeParse({
      ...RUN1_RATIO,
      measure: { kind: 'query-seconds', pass: 'hot' },
    });
    expect(pass.error?.issues[0]?.message).toBe('a pass: "cold" or "run 1", "run 2"...');
  });

  it('travels in the experiment definition, so the experiment file keeps it', () => {
    const def = ExperimentDefinitionSchema.parse({
      name: 'x',
      schema: 'ssb',
      queries: [{ queryId: 'Q1.1' }],
      servers: [{ label: 'MySQL 5.6', profileId: 'p' }],
      references: [RUN1_RATIO],
    });
    expect(def.references?.map((f) => f.id)).toEqual(['post001-run1']);
  });
});
