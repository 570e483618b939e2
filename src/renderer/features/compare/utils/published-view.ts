/**
 * The published figures of the experiment files the comparison has open, each measured on the file's
 * own results with its verdict: the same rows `bplab compare` prints and the report writes. Pure.
 */
import { fileLabel } from '../../../../shared/compare/experiment-sides';
import { measureReferences } from '../../../../shared/compare/reference-verdicts';
import {
  splitVerdicts,
  unmeasuredLine,
  verdictRows,
  verdictsHeadline,
  type VerdictRow,
} from '../../../../shared/compare/reference-tables';
import type { LoadedResults } from './compare-view';

export interface PublishedView {
  /** The file's name, as the comparison names its sides. */
  file: string;
  headline: string;
  /** The figures measured, each with its verdict: shown. */
  rows: VerdictRow[];
  /** "8 of 10 published figures not measured: …", the figures under it on demand; null when none. */
  unmeasured: { line: string; rows: VerdictRow[] } | null;
}

/**
 * One view per open experiment file that carries figures, in the order the files were opened: the
 * measured figures shown, those not measured folded into one line.
 */
export function publishedViews(files: readonly LoadedResults[]): PublishedView[] {
  return files
    .filter((f) => (f.experiment.definition.references?.length ?? 0) > 0)
    .map((f) => {
      const all = verdictRows(measureReferences(f.experiment));
      const { measured, unmeasured } = splitVerdicts(all);
      const line = unmeasuredLine(all);
      return {
        file: fileLabel(f.file),
        headline: verdictsHeadline(all),
        rows: measured,
        unmeasured: line ? { line, rows: unmeasured } : null,
      };
    });
}
