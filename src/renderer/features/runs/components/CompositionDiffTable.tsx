/** The LRU composition before and after, per table and index, with the change of each figure. */
import type { LruComposition } from '../../../../shared/runs/runs';
import { compositionDiff, type CompositionDiffRow } from '../../../lib/viz/composition-diff';

const CHANGE: Record<CompositionDiffRow['change'], string> = { new: 'new', gone: 'pushed out', kept: '' };

export function CompositionDiffTable({
  before,
  after,
}: {
  before: LruComposition | null;
  after: LruComposition | null;
}) {
  const diff = compositionDiff(before, after);
  const line = (r: CompositionDiffRow, total = false) => (
    <tr
      key={r.key}
      data-testid={total ? 'lru-diff-total' : 'lru-diff-row'}
      data-key={r.key}
      data-change={r.change}
      className={total ? 'total' : undefined}
    >
      <td>
        {r.table} {r.index} {CHANGE[r.change] && <span className="tag">{CHANGE[r.change]}</span>}
      </td>
      <td>{r.text.before.pages}</td>
      <td>{r.text.after.pages}</td>
      <td className="delta">{r.text.delta.pages}</td>
      <td>{r.text.after.old}</td>
      <td className="delta">{r.text.delta.old}</td>
      <td>{r.text.after.young}</td>
      <td className="delta">{r.text.delta.young}</td>
      <td>{r.text.after.share}</td>
      <td className="delta">{r.text.delta.share}</td>
    </tr>
  );
  return (
    <div data-testid="lru-diff">
      {diff.missing && <p className="muted">{diff.missing}.</p>}
      <div className="table-scroll">
        <table className="grid-table numeric">
          <thead>
            <tr>
              <th>Table and index</th>
              <th>Pages before</th>
              <th>after</th>
              <th>±</th>
              <th>Old after</th>
              <th>±</th>
              <th>Young after</th>
              <th>±</th>
              <th>% of pool</th>
              <th>±</th>
            </tr>
          </thead>
          <tbody>
            {diff.rows.map((r) => line(r))}
            {line(diff.total, true)}
          </tbody>
        </table>
      </div>
    </div>
  );
}
