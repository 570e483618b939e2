/** Run the shown variant: poll setting, EXPLAIN ANALYZE, trace pages, and consent to walk a large pool's LRU. */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { usePoolResize } from '../stores/pool-resize-store';
import { useQueries } from '../stores/queries-store';
import { CheckField } from '../../../components/Field';
import { runButtonLabel, tracePagesControl } from '../utils/query-view';

export function RunPanel() {
  const { run, runError, starting, consent, profileId, schema, variant, queries, selectedId, pageTrace } =
    useQueries();
  const trace = tracePagesControl(pageTrace);
  // Not while the pool is being resized: the server may be restarting.
  const resizing = usePoolResize((s) => s.resizing);
  const query = queries.find((q) => q.id === selectedId);
  const { changeRun, start, answerConsent } = useQueries();
  const label = runButtonLabel(
    query,
    query?.variants.find((v) => v.variant === variant),
  );
  return (
    <div className="panel" data-testid="query-run-panel">
      <div className="toolbar run-toolbar">
        <label className="field">
          <span>Poll the buffer pool</span>
          <input
            list="poll-settings"
            data-testid="run-poll"
            value={run.poll}
            size={8}
            onChange={(e) => changeRun({ poll: e.target.value })}
          />
          <datalist id="poll-settings">
            <option value="auto" />
            <option value="off" />
            <option value="250" />
            <option value="500" />
            <option value="1000" />
          </datalist>
        </label>
        <CheckField form={run} change={changeRun} name="explainAnalyze" testId="run-explain-analyze">
          EXPLAIN ANALYZE afterwards (runs the query again)
        </CheckField>
        <CheckField
          form={{ ...run, tracePages: run.tracePages && !trace.disabled }}
          change={changeRun}
          name="tracePages"
          testId="run-trace-pages"
          disabled={trace.disabled}
        >
          Trace pages
        </CheckField>
        <button
          type="button"
          className="primary"
          data-testid="run-start"
          title={label}
          disabled={!profileId || !schema || starting || resizing}
          onClick={() => void start()}
        >
          {starting ? 'Starting…' : label}
        </button>
      </div>
      {/* Under the row, at its width: why a server cannot be traced and what to do takes a few lines. */}
      <small className="field-hint block" data-testid="run-trace-pages-note">
        Trace pages: {trace.note}
      </small>
      <small className="field-hint block">
        auto: a frame of the LRU before and after the query, and during it as many as about 5% of its time
        pays for; or a fixed interval in ms between them.
      </small>
      {typeof runError === 'string' ? (
        <p className="field-error" data-testid="run-form-error">
          {runError}
        </p>
      ) : (
        <ErrorMessage error={runError} testId="run-start-error" />
      )}
      {consent && (
        <div className="modal-backdrop">
          <div className="modal" data-testid="run-consent">
            <h3>Walk the whole LRU?</h3>
            <p>{consent}</p>
            <p className="muted">
              Reading INNODB_BUFFER_PAGE_LRU walks the whole LRU under the pool’s mutex (0.1–0.3 s per GB); a
              WHERE clause does not make it cheaper.
            </p>
            <div className="actions">
              <button
                type="button"
                className="primary"
                data-testid="run-consent-yes"
                onClick={() => void answerConsent(true)}
              >
                Poll it anyway
              </button>
              <button type="button" data-testid="run-consent-no" onClick={() => void answerConsent(false)}>
                Don’t run
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
