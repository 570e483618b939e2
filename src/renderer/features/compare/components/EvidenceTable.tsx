/** A finding's figures as a small table folded under it: a row per measure, a column per side. */
import type { Evidence } from '../../../../shared/compare/finding';
import { evidenceTable } from '../../../../shared/compare/glance';

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
                <td>{r.label}</td>
                {r.values.length < span ? (
                  <td colSpan={span}>{r.values[0]}</td>
                ) : (
                  r.values.map((v, j) => (
                    <td key={j} className="num">
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
