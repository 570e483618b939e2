/** A finding's figures as a small table folded under it: a row per measure, a column per side. */
import type { Evidence } from '../../../../shared/compare/finding';
import { evidenceTable } from '../../../../shared/compare/glance';
import { gridOfEvidence } from '../utils/grid-table';
import { GridTable } from './GridTable';

export function EvidenceTable({ evidence, letters }: { evidence: Evidence[]; letters: string[] }) {
  return (
    <details className="finding-evidence" data-testid="finding-evidence">
      <summary>evidence</summary>
      <GridTable
        grid={gridOfEvidence(evidenceTable(evidence, letters))}
        className="grid-table evidence-table"
      />
    </details>
  );
}
