/**
 * Post 004's table from saved loads: QPS by clients per configuration, p99 beside, B over A for a
 * pair; a step that did not complete shows its state, and a client count one side lacks shows a dash.
 */
import { describe, expect, it } from 'vitest';
import { loadQpsTable } from '../../../../src/shared/compare/load-tables';
import { result, step } from '../../../support/load-fixture';

describe("post 004's QPS-by-clients table", () => {
  const off = { label: 'ps=OFF', result: result([step(1, 10_000, 0.2), step(64, 40_000, 4)]) };
  const on = {
    label: 'ps=ON',
    result: result([step(1, 9_000, 0.25), step(16, 30_000, 2), step(64, 1_000, 9, 'interrupted')]),
  };
  const t = loadQpsTable([off, on]);

  it('has a row per client count of either side, QPS and p99 per side, and B over A', () => {
    expect(t.columns.map((c) => c.label)).toEqual([
      'clients',
      'ps=OFF QPS',
      'ps=ON QPS',
      'ps=OFF p99',
      'ps=ON p99',
      'ps=ON / ps=OFF',
    ]);
    expect(t.rows.map((r) => r[0]!.value)).toEqual([1, 16, 64]);
    expect(t.rows[0]!.map((c) => c.value)).toEqual([1, 10_000, 9_000, 0.2, 0.25, 0.9]);
  });

  it('shows a dash where a side has no step, and the state of a step that did not complete', () => {
    expect(t.rows[1]![1]!.text).toBe('—');
    expect(t.rows[2]![2]!.text).toBe('interrupted (1,000)');
    expect(t.rows[2]![4]!.text).toBe('—');
    expect(t.rows[2]![5]!.text).toBe('—');
  });

  it('has no ratio column for one or three configurations', () => {
    expect(loadQpsTable([off]).columns).toHaveLength(3);
    expect(loadQpsTable([off, on, off]).columns).toHaveLength(7);
  });
});
