// A curve's trust in words from bench/whatif-sizes.ts's table only: "not yet checked" until it has run.
import { describe, expect, it } from 'vitest';
import { curveTrust, pointTrust, SIZE_ACCURACY } from '../../../../src/shared/whatif/size-accuracy';

describe('curveTrust', () => {
  it('says honestly that other sizes were not checked while the benchmark has not run', () => {
    const t = curveTrust({ ...SIZE_ACCURACY, measuredOn: null, rows: [] });
    expect(t.words).toMatch(/^not yet checked at other sizes/);
    expect(t.checkedFrom).toBeNull();
    expect(pointTrust(t, 4, false)).toBe('not checked at other sizes');
  });

  it("words the benchmark's figures, and each point by the nearest range measured", () => {
    const t = curveTrust({
      measuredOn: '2026-12-01',
      command: 'npm run bench -- whatif-sizes',
      workloads: ['point select uniform', 'point select pareto', 'read only', 'shop joins'],
      servers: ['mysql 8.0.31', 'mariadb 11.4.5'],
      loadAverage: '0.4 → 0.6',
      rows: [
        { multiple: 0.5, pass: 'cold', points: 8, within: 8, worstPct: 6.2, planChanged: 0 },
        { multiple: 2, pass: 'hot', points: 8, within: 6, worstPct: 31, planChanged: 1 },
        { multiple: 8, pass: 'hot', points: 8, within: 7, worstPct: 12.4, planChanged: 0 },
      ],
    });
    expect(t.words).toBe(
      'checked at 0.5×–8× of the traced size on 4 workload(s) (mysql 8.0.31, mariadb 11.4.5; bench/whatif-sizes.ts, 2026-12-01): 21 of 24 points within ±10% of the median of 3 real runs or inside their range, the worst 31% off; 1 point(s) where the plan changed counted apart',
    );
    expect(pointTrust(t, 3, true)).toBe('6 of 8 hot checks at 2× within ±10% (worst 31%)');
    expect(pointTrust(t, 16, true)).toBe('outside the sizes checked (0.5×–8×)');
    expect(pointTrust(t, 0.5, true)).toBe('6 of 8 hot checks at 2× within ±10% (worst 31%)');
  });
});
