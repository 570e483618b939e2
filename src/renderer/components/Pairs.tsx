/** Label/value pairs, as the capability report shows them. */
import type { Row } from '../lib/live-view';

export function Pairs({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="pairs">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd data-testid={r.testId}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
