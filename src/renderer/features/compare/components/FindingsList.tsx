/** The findings above the tables: each in words, with its figures and a link to the table holding them. */
import type { Finding } from '../../../../shared/compare/finding';

export function FindingsList({
  findings,
  onShow,
  testId = 'findings',
}: {
  findings: Finding[];
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
          {f.evidence.length > 0 && (
            <div className="muted finding-evidence">
              {f.evidence.map((e) => `${e.label}: ${e.value}`).join('; ')}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
