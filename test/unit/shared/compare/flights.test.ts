import { describe, expect, it } from 'vitest';
import { buildFlightTable, flightOf, type ProtocolRun } from '../../../../src/shared/compare/flights';
import { flightsTable } from '../../../../src/shared/compare/tables';
import { SSB_QUERY_IDS } from '../../../../src/shared/datasets/ssb-reference';

const QUERIES = SSB_QUERY_IDS;

/** One configuration's 13 queries for each repetition, spread so each repetition sums to the post's total. */
function flight(configuration: string, totalsS: [number, number, number, number]): ProtocolRun[] {
  const reps = ['cold', 1, 2, 3] as const;
  return reps.flatMap((repetition, i) => {
    const totalMs = Math.round((totalsS[i] ?? 0) * 1000);
    const share = Math.floor(totalMs / 13);
    // The first query carries the remainder so the sum is exact in ms.
    return QUERIES.map((queryId, q) => ({
      configuration,
      repetition,
      queryId,
      elapsedMs: q === 0 ? totalMs - 12 * share : share,
    }));
  });
}

describe("post 001's table", () => {
  it('sums each configuration × repetition, per flight and overall, cold first', () => {
    const runs = [
      // Shuffled order: the table does not depend on it.
      ...flight('5.6.10 128M', [362.31, 324.25, 320.74, 318.84]).reverse(),
      ...flight('5.5.30 128M', [361.49, 189.29, 189.34, 189.4]),
    ];
    const ft = buildFlightTable(runs);
    expect(ft.repetitions).toEqual(['cold', 1, 2, 3]);
    expect(ft.configurations.map((c) => c.configuration)).toEqual(['5.6.10 128M', '5.5.30 128M']);
    const [c56, c55] = ft.configurations;
    expect(c55?.total.map((c) => c.totalMs)).toEqual([361490, 189290, 189340, 189400]);
    expect(c56?.total.map((c) => c.totalMs)).toEqual([362310, 324250, 320740, 318840]);
    expect(c55?.flights.map((f) => f.flight)).toEqual(['Flight 1', 'Flight 2', 'Flight 3', 'Flight 4']);
    const perFlight = c55?.flights.map((f) => f.cells[1]?.totalMs ?? 0) ?? [];
    expect(perFlight.reduce((s, x) => s + x, 0)).toBe(189290);
    expect(c55?.flights[2]?.cells[0]?.queries).toBe(4);
    const table = flightsTable(ft);
    expect(table.columns.map((c) => c.label)).toEqual([
      'configuration',
      'queries',
      'cold',
      'run 1',
      'run 2',
      'run 3',
    ]);
    expect(
      table.rows.find((r) => r[0]?.text === '5.5.30 128M' && r[1]?.text === 'all')?.map((c) => c.text),
    ).toEqual(['5.5.30 128M', 'all', '361.49', '189.29', '189.34', '189.40']);
  });

  it('leaves a cell without a total when a query is missing or did not complete', () => {
    const runs = flight('c', [10, 10, 10, 10]).filter((r) => !(r.repetition === 2 && r.queryId === 'Q3.4'));
    const failed = runs.find((r) => r.repetition === 3 && r.queryId === 'Q1.1');
    if (failed) failed.elapsedMs = null;
    const [c] = buildFlightTable(runs).configurations;
    expect(c?.total.map((x) => x.totalMs === null)).toEqual([false, false, true, true]);
    expect(c?.total[2]?.missing).toEqual(['Q3.4']);
    expect(c?.total[3]?.missing).toEqual(['Q1.1']);
    expect(c?.flights[0]?.cells[2]?.totalMs).not.toBeNull();
    expect(flightsTable(buildFlightTable(runs)).rows.at(-1)?.[4]?.text).toBe('incomplete (1 missing)');
  });

  it('names the SSB flights, and puts other queries under Other', () => {
    expect(flightOf('Q3.4')).toBe('Flight 3');
    expect(flightOf('custom:my-scan')).toBe('Other');
  });
});
