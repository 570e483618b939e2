/**
 * Runs as a reader groups them: a side (one configuration's runs, under the label the reader calls it)
 * and a run's query as it is named everywhere ("Q1.1", "Q1.1 (straight-dd)"). The comparison, the
 * what-if's flights and the reports all name runs this one way.
 */
import type { RunResult } from './runs';

export interface RunSide {
  /** What the reader calls it: "A", a file name, "old_blocks_time=1000". */
  label: string;
  runs: RunResult[];
}

export const queryLabel = (r: RunResult): string =>
  r.variant === 'base' ? r.queryId : `${r.queryId} (${r.variant})`;
