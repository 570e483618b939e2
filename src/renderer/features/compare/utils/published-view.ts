/**
 * The published figures of the experiment files the comparison has open, each measured on the file's
 * own results with its verdict: the same rows `bplab compare` prints and the report writes. Pure.
 */
import { fileLabel } from '../../../../shared/compare/experiment-sides';
import { measureReferences } from '../../../../shared/compare/reference-verdicts';
import { verdictRows, verdictsHeadline, type VerdictRow } from '../../../../shared/compare/reference-tables';
import type { LoadedResults } from './compare-view';

export interface PublishedView {
  /** The file's name, as the comparison names its sides. */
  file: string;
  headline: string;
  rows: VerdictRow[];
}

/** One view per open experiment file that carries figures, in the order the files were opened. */
export function publishedViews(files: readonly LoadedResults[]): PublishedView[] {
  return files
    .filter((f) => (f.experiment.definition.references?.length ?? 0) > 0)
    .map((f) => {
      const rows = verdictRows(measureReferences(f.experiment));
      return { file: fileLabel(f.file), headline: verdictsHeadline(rows), rows };
    });
}
