/** A verify report: row counts per table, and each query's kept-row fraction against dbgen's reference. */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useDatasets } from '../stores/datasets-store';
import { verifyProgressText, verifyView } from '../utils/dataset-view';
import { CancelButton } from '../../../components/CancelButton';
import { num, TableHead } from '../../../components/TableHead';

export function VerifyReportView() {
  const { verify, cancelVerify } = useDatasets();
  if (!verify) return null;
  const view = verify.report ? verifyView(verify.report) : null;
  return (
    <div className="panel" data-testid="dataset-verify-report" data-pass={view ? String(view.pass) : ''}>
      <div className="panel-head">
        <h2>Verify {verify.schema}</h2>
        {verify.running && (
          <span className="muted" data-testid="dataset-verify-progress">
            {verifyProgressText(verify.progress)}
          </span>
        )}
        {verify.running && (
          <CancelButton
            testId="dataset-verify-cancel"
            cancelling={verify.cancelling === true}
            onCancel={cancelVerify}
          />
        )}
        {view && (
          <span className={`status status-${view.pass ? 'ok' : 'bad'}`} data-testid="dataset-verify-verdict">
            {view.verdict}
          </span>
        )}
        {view && (
          <span className="muted" data-testid="dataset-verify-words">
            {view.verdictWords}; {view.summary}
          </span>
        )}
      </div>
      {verify.running && verify.progress && (
        <progress
          style={{ width: '100%', height: 14 }}
          data-testid="dataset-verify-progress-bar"
          value={verify.progress.done}
          max={verify.progress.total}
          aria-label={`${verify.schema}: ${verify.progress.done} of ${verify.progress.total} counts`}
        />
      )}
      <ErrorMessage error={verify.error} testId="dataset-verify-error" />
      {view && (
        <>
          <table className="grid-table" data-testid="dataset-verify-tables">
            <TableHead columns={['Table', num('Rows'), num('Expected'), '']} />
            <tbody>
              {view.tables.map((t) => (
                <tr key={t.table} data-pass={String(t.pass)}>
                  <td>{t.table}</td>
                  <td className="num">{t.actual}</td>
                  <td className="num">{t.expected}</td>
                  <td>{t.pass ? 'ok' : 'mismatch'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="grid-table" data-testid="dataset-verify-queries">
            <TableHead
              columns={[
                'Query',
                num('Kept rows'),
                num('Fraction'),
                num('Reference (dbgen SF 1)'),
                num('Ratio'),
                'Allowed',
                '',
              ]}
            />
            <tbody>
              {view.queries.map((q) => (
                <tr
                  key={q.id}
                  data-testid="dataset-verify-query"
                  data-pass={String(q.pass)}
                  data-verdict={q.verdict}
                >
                  <td>{q.id}</td>
                  <td className="num">{q.kept}</td>
                  <td className="num">{q.fraction}</td>
                  <td className="num">{q.reference}</td>
                  <td className="num">{q.ratio}</td>
                  <td>{q.allowed}</td>
                  <td>{q.verdictText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
