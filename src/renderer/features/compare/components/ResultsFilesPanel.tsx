/**
 * The results files loaded (or the runs picked in the Runs list), how to open more (the desktop app's
 * Open… dialog, or a path field in browser mode; dropping files works in both), the recent files, how
 * the runs are grouped into sides, and the sides to compare.
 */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { dialogs } from '../../../lib/document-files';
import { formatCount } from '../../../../shared/format';
import { useCompare } from '../stores/compare-store';
import { sideLetter } from '../../../../shared/compare/glance';
import { GROUPINGS, type Grouping } from '../../../../shared/compare/grouping';
import { configurationChoices, effectiveGrouping } from '../utils/compare-view';

export function ResultsFilesPanel() {
  const { files, loads, picked, grouping, recent, path, opening, error, chosen } = useCompare();
  const { setPath, open, pickFiles, close, toggle, baseline, setGrouping } = useCompare();
  const desktop = dialogs() !== undefined;
  const choices = configurationChoices(files, grouping, picked);
  const shownRecent = recent
    .filter((r) => r.exists && ![...files, ...loads].some((f) => f.file === r.file))
    .slice(0, 6);
  return (
    <section className="panel" data-testid="compare-files">
      <div className="panel-head">
        <h2>Results files</h2>
      </div>
      {desktop ? (
        <div className="toolbar compare-open">
          <button
            type="button"
            data-testid="compare-pick"
            disabled={opening}
            onClick={() => void pickFiles()}
          >
            {opening ? 'Opening…' : 'Open…'}
          </button>
        </div>
      ) : (
        <form
          className="toolbar compare-open"
          onSubmit={(e) => {
            e.preventDefault();
            void open(path);
          }}
        >
          <label className="field compare-open-path">
            <span>Path of a results file (*.bplab.json, a bplab load result)</span>
            <input
              data-testid="compare-path"
              value={path}
              placeholder="/home/me/post001.bplab.json"
              onChange={(e) => setPath(e.target.value)}
            />
          </label>
          <button type="submit" data-testid="compare-open" disabled={opening || !path.trim()}>
            {opening ? 'Opening…' : 'Open'}
          </button>
        </form>
      )}
      <p className="muted drop-hint" data-testid="compare-drop-hint">
        Or drop results files (*.bplab.json) anywhere on this screen.
      </p>
      <ErrorMessage error={error} testId="compare-open-error" />
      {shownRecent.length > 0 && (
        <div className="compare-recent" data-testid="compare-recent">
          <span className="muted">Recent:</span>
          {shownRecent.map((r) => (
            <button
              key={r.file}
              type="button"
              className="link-button truncate"
              title={r.file}
              data-testid="compare-recent-file"
              data-file={r.file}
              disabled={opening}
              onClick={() => void open(r.file)}
            >
              {r.name}
            </button>
          ))}
        </div>
      )}
      {picked.length > 0 && (
        <p data-testid="compare-picked">{picked.length} runs picked in the Runs list, each its own side.</p>
      )}
      {files.length + loads.length === 0 && picked.length > 0 ? null : files.length + loads.length === 0 ? (
        <p className="muted" data-testid="compare-no-files">
          No results file is open. A results file opens with no server connected.
        </p>
      ) : (
        <ul className="compare-files-list">
          {files.map((f) => (
            <li key={f.file} data-testid="compare-file" data-file={f.file}>
              <strong>{f.experiment.definition.name}</strong>{' '}
              <span className="muted truncate" title={f.file}>
                {f.file}
              </span>{' '}
              <span className="tag">{f.experiment.state}</span>{' '}
              <button type="button" className="link-button" onClick={() => close(f.file)}>
                close
              </button>
            </li>
          ))}
          {loads.map((l) => (
            <li key={l.file} data-testid="compare-file" data-file={l.file}>
              <strong>
                {l.kind === 'load'
                  ? 'OLTP load (bplab load)'
                  : 'Point selects beside SSB scans (bplab load --during)'}
              </strong>{' '}
              <span className="muted truncate" title={l.file}>
                {l.file}
              </span>{' '}
              <span className="tag">{l.result.state}</span>{' '}
              <button type="button" className="link-button" onClick={() => close(l.file)}>
                close
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <label className="field inline">
          <span>Compare</span>
          <select
            data-testid="compare-grouping"
            value={effectiveGrouping(files, grouping)}
            onChange={(e) => setGrouping(e.target.value as Grouping)}
          >
            {GROUPINGS.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {choices.length > 0 && (
        <fieldset className="compare-choices" data-testid="compare-choices">
          <legend>Sides to compare (the first chosen is the baseline, A)</legend>
          {choices.map((c) => {
            const at = chosen.indexOf(c.label);
            return (
              <div key={c.label} className="compare-choice" data-testid="compare-choice" data-label={c.label}>
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={at >= 0}
                    data-testid="compare-choice-check"
                    onChange={() => toggle(c.label)}
                  />
                  <span className="truncate" title={c.label}>
                    {c.label}
                  </span>
                </label>
                <span className="muted">
                  {formatCount(c.completeRuns)} of {formatCount(c.runs)} runs complete
                </span>
                {c.why && (
                  <span className="muted compare-choice-why" data-testid="compare-choice-why">
                    {formatCount(c.runs - c.completeRuns)} did not: {c.why}
                  </span>
                )}
                {at >= 0 && (
                  <span className="tag" data-testid={at === 0 ? 'compare-baseline' : 'compare-side-letter'}>
                    {sideLetter(at)}
                    {at === 0 ? ', baseline' : ''}
                  </span>
                )}
                {at > 0 && (
                  <button type="button" className="link-button" onClick={() => baseline(c.label)}>
                    make baseline
                  </button>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
