/** Post 001's pairs of runs as the findings tests compare them. */
import { comparePair } from '../../../../src/shared/compare/comparison';
import type { RunResult } from '../../../../src/shared/runs/runs';
import { dimDateFirstOb1000, lineorderFirstOb0, lineorderFirstOb1000 } from '../../../support/post001';

export const pair = (a: RunResult, b: RunResult) =>
  comparePair({ label: 'A', run: a, ordinal: 1, of: 1 }, { label: 'B', run: b, ordinal: 1, of: 1 }, 'p1');
export const texts = (fs: Array<{ text: string }>) => fs.map((f) => f.text);

/** Post 001: lineorder first at old_blocks_time=1000 (A) against dim_date first (B). */
export const joinOrders = () => pair(lineorderFirstOb1000(), dimDateFirstOb1000());
/** Post 001: old_blocks_time=1000 (A) against 0 (B), same plan. */
export const oldBlocks = () => pair(lineorderFirstOb1000(), lineorderFirstOb0());
