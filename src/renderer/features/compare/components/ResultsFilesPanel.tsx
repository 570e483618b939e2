/** The results files loaded, the field to open one more, and the configurations to compare. */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { formatCount } from '../../../../shared/format';
import { useCompare } from '../stores/compare-store';
import { sideLetter } from '../../../../shared/compare/glance';
import { configurationChoices } from '../utils/compare-view';

export function ResultsFilesPanel() {
  const { files, path, opening, error, chosen, setPath, open, close, toggle, baseline } = useCompare();
  const choices = configurationChoices(files);
  return (
    <section className="panel" data-testid="compare-files">
      <div className="panel-head">
        <h2>Results files</h2>
      </div>
      <form
        className="toolbar compare-open"
        onSubmit={(e) => {
          e.preventDefault();
          void open(path);
        }}
      >
        <label className="field compare-open-path">
          <span>Path of a results file (*.bplab.json)</span>
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
      <ErrorMessage error={error} testId="compare-open-error" />
      {files.length === 0 ? (
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
        </ul>
      )}
      {choices.length > 0 && (
        <fieldset className="compare-choices" data-testid="compare-choices">
          <legend>Configurations to compare (the first chosen is the baseline, A)</legend>
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
