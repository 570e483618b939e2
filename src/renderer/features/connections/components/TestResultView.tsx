/** "Test connection" worked: what answered, and how fast. */
import type { ConnectionTestResult } from '../../../../shared/models';
import { testResultRows } from '../utils/profile-form';

export function TestResultView({ result }: { result: ConnectionTestResult }) {
  return (
    <div className="ok-box" data-testid="test-result" data-flavor={result.flavor}>
      <strong>Connected.</strong>
      <dl className="pairs">
        {testResultRows(result).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
