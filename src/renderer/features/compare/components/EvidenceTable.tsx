/** A finding's figures as a small table folded under it: a row per measure, a column per side. */
import type { Evidence } from '../../../../shared/compare/finding';
import { evidenceTable } from '../../../../shared/compare/glance';
import { cellClass } from '../../../../shared/compare/report-table';

export function EvidenceTable({ evidence, letters }: { evidence: Evidence[]; letters: string[] }) {
  const t = evidenceTable(evidence, letters);
  const span = t.columns.length - 1;
  return (
    <details className="finding-evidence" data-testid="finding-evidence">
      <summary>evidence</summary>
      <div className="table-scroll">
        <table className="grid-table evidence-table">
          <thead>
            <tr>
              {t.columns.map((c, i) => (
                <th key={i} scope="col" className={i ? 'num' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r, i) => (
              <tr key={i}>
                <td className={cellClass(false, r.label) || undefined}>{r.label}</td>
                {r.values.length < span ? (
                  <td colSpan={span} className={cellClass(false, r.values[0] ?? '') || undefined}>
                    {r.values[0]}
                  </td>
                ) : (
                  r.values.map((v, j) => (
                    <td key={j} className={cellClass(true, v)}>
                      {v}
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
