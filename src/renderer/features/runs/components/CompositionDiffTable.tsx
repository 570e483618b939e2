/** The LRU composition before and after, per table and index, with the change of each figure. */
import type { LruComposition } from '../../../../shared/runs/runs';
import { compositionDiff, type CompositionDiffRow } from '../../../lib/viz/composition-diff';
import { num, TableHead } from '../../../components/TableHead';

const CHANGE: Record<CompositionDiffRow['change'], string> = { new: 'new', gone: 'pushed out', kept: '' };

/** A figure after the run with its change under it: one column where the table had two. */
function AfterCell({ value, delta }: { value: string; delta: string }) {
  return (
    <td className="num">
      {value}
      <span className="delta-under">{delta}</span>
    </td>
  );
}

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
      <td className="name" title={r.title}>
        {r.label} {CHANGE[r.change] && <span className="tag">{CHANGE[r.change]}</span>}
      </td>
      <td className="num">{r.text.before.pages}</td>
      <AfterCell value={r.text.after.pages} delta={r.text.delta.pages} />
      <AfterCell value={r.text.after.old} delta={r.text.delta.old} />
      <AfterCell value={r.text.after.young} delta={r.text.delta.young} />
      <AfterCell value={r.text.after.share} delta={r.text.delta.share} />
    </tr>
  );
  return (
    <div data-testid="lru-diff">
      {diff.missing && <p className="muted">{diff.missing}.</p>}
      <div className="table-scroll">
        <table className="grid-table numeric lru-diff-table">
          <TableHead
            columns={[
              'Table and index',
              num('Pages before'),
              num('Pages after (±)'),
              num('Old after (±)'),
              num('Young after (±)'),
              num('% of pool after (±)'),
            ]}
          />
          <tbody>
            {diff.rows.map((r) => line(r))}
            {line(diff.total, true)}
          </tbody>
        </table>
      </div>
    </div>
  );
}
