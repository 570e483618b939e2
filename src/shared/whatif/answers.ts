/**
 * What a what-if replay answers, wherever it is asked (runs/whatif, runs/whatif-compare, the report):
 * the one shape the simulator's worker thread sends back and a 'whatif' task's outcome carries.
 */
import type { Calibration } from './calibration';
import type { SideCurves } from './flight';
import type { WhatIfReport } from './what-if';

/**
 * One saved run replayed at its own settings and as curves, or why it cannot be, in words. A traced
 * run also answers `real`: the same replayed from the server's own page trace (on the same pool sizes).
 */
export type RunWhatIf = ({ report: WhatIfReport } | { unavailable: string }) & {
  real?: { report: WhatIfReport } | { unavailable: string };
};

/** A comparison's runs: checked against what they measured (calibration), and each side's curves. */
export interface WhatIfComparison {
  /** Null when no check was asked. */
  calibration: Calibration | null;
  /** One per side asked for curves: its curves, or why it has none, in words. */
  sides: Array<SideCurves | { side: string; unavailable: string }>;
}

export type WhatIfAnswer = RunWhatIf | WhatIfComparison;
