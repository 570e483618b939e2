/** The Compare screen's published figures: one view per open experiment file carrying figures, headline first. */
import { describe, expect, it } from 'vitest';
import { publishedViews } from '../../../src/renderer/features/compare/utils/published-view';
import { RUN1_RATIO, referenceExperiment } from '../../support/reference-fixture';

describe('publishedViews', () => {
  it('leaves out files without figures and names each file that has some', () => {
    const views = publishedViews([
      { file: '/tmp/plain.bplab.json', experiment: referenceExperiment([]) },
      { file: '/tmp/post001.bplab.json', experiment: referenceExperiment([RUN1_RATIO]) },
    ]);
    expect(views.map((v) => v.file)).toEqual(['post001']);
    expect(views[0]!.headline).toBe(
      "Published figures against bplab's: 1 of 2 reproduced (within 10%); 1 same direction, smaller.",
    );
    expect(views[0]!.rows.map((r) => [r.context, r.published, r.measured, r.words])).toEqual([
      ['innodb_flush_method=default', '1.81×', '1.22×', 'same direction, smaller'],
      ['innodb_flush_method=O_DIRECT', '1.81×', '1.75×', 'reproduced (within 10%)'],
    ]);
  });
});
