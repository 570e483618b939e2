/**
 * A mixed preset result (bplab load --during) opened by its path: the headline first, the sides'
 * figures, then each old_blocks_time side by side on the same seconds (QPS and p99 with the scans
 * shaded, and the OLTP table's pages per index).
 */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { MixedResultView } from '../../../components/MixedResultView';
import { useLoad } from '../stores/load-store';

export function MixedResultPanel() {
  const { mixedPath, mixed, mixedError, setMixedPath, openMixed } = useLoad();
  return (
    <div className="panel" data-testid="mixed-result">
      <h3>Point selects beside SSB scans (bplab load --during)</h3>
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          void openMixed();
        }}
      >
        <input
          data-testid="mixed-path"
          placeholder="path of a *.bplab-mixed.json result"
          value={mixedPath}
          onChange={(e) => setMixedPath(e.target.value)}
        />
        <button type="submit" data-testid="mixed-open" disabled={!mixedPath.trim()}>
          Open
        </button>
      </form>
      <ErrorMessage error={mixedError} testId="mixed-error" />
      {mixed && <MixedResultView result={mixed} />}
    </div>
  );
}
