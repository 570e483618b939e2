import { describe, expect, it } from 'vitest';
import { datasetState, type DatasetState } from '../../../../src/shared/datasets/datasets';

describe('datasetState', () => {
  it('says interrupted for a record still loading that no live process holds', () => {
    expect(datasetState('loading', false)).toBe('interrupted');
  });

  it('says loading while a live process holds the load', () => {
    expect(datasetState('loading', true)).toBe('loading');
  });

  it.each<DatasetState>(['complete', 'failed', 'cancelled'])('keeps a recorded %s as it is', (s) => {
    expect(datasetState(s, false)).toBe(s);
    expect(datasetState(s, true)).toBe(s);
  });
});
