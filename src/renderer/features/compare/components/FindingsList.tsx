/** The findings above the tables: each one line, its figures folded under it, a link to the table holding them. */
import type { Finding } from '../../../../shared/compare/finding';
import { EvidenceTable } from './EvidenceTable';

export function FindingsList({
  findings,
  letters,
  onShow,
  testId = 'findings',
}: {
  findings: Finding[];
  /** The sides' letters (A, B...): the evidence's columns. */
  letters: string[];
  onShow: (tableId: string) => void;
  testId?: string;
}) {
  if (findings.length === 0)
    return (
      <p className="muted" data-testid={`${testId}-none`}>
        No rule found a difference large enough to state.
      </p>
    );
  return (
    <ol className="findings" data-testid={testId}>
      {findings.map((f, i) => (
        <li key={i} className={`finding finding-${f.kind}`} data-testid="finding" data-rule={f.rule}>
          {f.kind !== 'difference' && <span className="tag">{f.kind}</span>} {f.text}{' '}
          <button
            type="button"
            className="link-button"
            data-testid="finding-link"
            onClick={() => onShow(f.tableId)}
          >
            see the table
          </button>
          {f.evidence.length > 0 && <EvidenceTable evidence={f.evidence} letters={letters} />}
        </li>
      ))}
    </ol>
  );
}
