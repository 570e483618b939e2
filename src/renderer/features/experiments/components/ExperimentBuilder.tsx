/**
 * The builder: name and dataset, a preset to start from, queries and variants by flight, servers,
 * the settings matrix and the protocol. The run count and estimate follow every keystroke; each field
 * says what is wrong with it; Start is offered only when main's check says the experiment can run,
 * and otherwise says why in words.
 */
import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import type { ExperimentDefinitionInput, MatrixDimension } from '../../../../shared/experiments';
import { groupByFlight } from '../../../lib/catalogue';
import { useDocuments } from '../../../lib/documents';
import { useServerSession } from '../../../lib/server-session';
import { useExperiments } from '../stores/experiments-store';
import {
  KNOWN_DIMENSIONS,
  addDimension,
  addValues,
  isPicked,
  issueAt,
  planSummary,
  pollChoices,
  protocolOf,
  removeDimension,
  removeValue,
  setDimensionKind,
  setPoll,
  setProtocol,
  startGate,
  toggleQuery,
  toggleServer,
} from '../utils/builder-view';

const KIND_LABELS: Record<MatrixDimension['kind'], string> = {
  global: 'SET GLOBAL',
  'buffer-pool-size': 'pool resize',
  startup: 'startup option (restart)',
  dataset: 'dataset (engine)',
};

export function ExperimentBuilder({ definition }: { definition: ExperimentDefinitionInput }) {
  const edit = useDocuments((s) => s.edit);
  const { presets, catalogue, check, checkedFor, checkError, presetError, startError, starting } =
    useExperiments();
  const { runCheck, applyPreset, start } = useExperiments();
  const profiles = useServerSession((s) => s.profiles);
  const summary = useMemo(() => planSummary(definition), [definition]);
  const protocol = protocolOf(definition);
  const [presetId, setPresetId] = useState('old-blocks-time');

  // main's check (privileges, sandboxes, datasets) a moment after the typing stops.
  useEffect(() => {
    const t = setTimeout(() => void runCheck(), 400);
    return () => clearTimeout(t);
  }, [definition, runCheck]);

  const gate = startGate({
    summary,
    definition,
    check,
    checkedFor,
    checkFailed: checkError !== null,
    starting,
  });

  return (
    <div className="report" data-testid="experiment-builder">
      <div className="panel">
        <h3>Experiment</h3>
        <div className="grid">
          <Field label="Name" name="name" error={issueAt(summary.issues, '$.name')}>
            <input
              data-testid="experiment-name"
              value={definition.name}
              onChange={(e) => edit({ ...definition, name: e.target.value })}
            />
          </Field>
          <Field
            label="Dataset schema (the same on every server)"
            name="schema"
            error={issueAt(summary.issues, '$.schema')}
          >
            <input
              data-testid="experiment-schema"
              value={definition.schema}
              placeholder="ssb_sf1"
              onChange={(e) => edit({ ...definition, schema: e.target.value })}
            />
          </Field>
        </div>
        <div className="preset-row">
          <label className="field">
            <span>Start from a preset</span>
            <select
              data-testid="experiment-preset"
              value={presetId}
              onChange={(e) => setPresetId(e.target.value)}
            >
              {presets.map((p) => (
                <option key={p.id} value={p.id} title={p.source}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="experiment-apply-preset"
            onClick={() => void applyPreset(presetId)}
          >
            Use preset
          </button>
        </div>
        <p className="muted">{presets.find((p) => p.id === presetId)?.source}</p>
        <ErrorMessage error={presetError} testId="experiment-preset-error" />
      </div>

      <div className="panel" data-testid="experiment-servers">
        <h3>Servers</h3>
        {profiles.length === 0 && <p className="muted">No saved connections yet: create a sandbox first.</p>}
        <div className="check-list">
          {profiles.map((p) => (
            <label key={p.id} className="check">
              <input
                type="checkbox"
                data-testid="experiment-server"
                data-name={p.name}
                checked={definition.servers.some((s) => s.profileId === p.id)}
                onChange={() =>
                  edit(toggleServer(definition, { profileId: p.id, name: p.name, sandboxId: p.sandboxId }))
                }
              />
              <span className="truncate">{p.name}</span>
              {p.sandboxId ? <span className="tag">sandbox</span> : <span className="tag">no restart</span>}
            </label>
          ))}
        </div>
        {issueAt(summary.issues, '$.servers') && (
          <small className="field-error" data-testid="field-error" data-field="servers">
            {issueAt(summary.issues, '$.servers')}
          </small>
        )}
      </div>

      <div className="panel" data-testid="experiment-queries">
        <h3>Queries and variants</h3>
        {groupByFlight(catalogue).map((g) => (
          <div key={g.flight} className="flight">
            <h4 className="muted">{g.flight}</h4>
            <div className="check-list">
              {g.queries.flatMap((q) =>
                q.variants.map((v) => (
                  <label key={`${q.id}/${v.variant}`} className="check" title={v.label}>
                    <input
                      type="checkbox"
                      data-testid="experiment-query"
                      data-query={q.id}
                      data-variant={v.variant}
                      checked={isPicked(definition, q.id, v.variant)}
                      onChange={() => edit(toggleQuery(definition, q.id, v.variant))}
                    />
                    <span className="truncate">
                      {q.source === 'ssb' ? q.id : q.title}
                      {v.variant !== 'base' && <span className="muted"> ({v.variant})</span>}
                    </span>
                  </label>
                )),
              )}
            </div>
          </div>
        ))}
        {issueAt(summary.issues, '$.queries') && (
          <small className="field-error" data-testid="field-error" data-field="queries">
            {issueAt(summary.issues, '$.queries')}
          </small>
        )}
      </div>

      <MatrixPanel definition={definition} issues={summary.issues} />

      <div className="panel" data-testid="experiment-protocol">
        <h3>Protocol</h3>
        <div className="grid">
          <label className="check">
            <input
              type="checkbox"
              data-testid="protocol-cold"
              checked={protocol.cold}
              onChange={(e) => edit(setProtocol(definition, { cold: e.target.checked }))}
            />
            <span>
              Cold run first (sandbox restart, purge waited for, the dataset's files evicted from the OS page
              cache)
            </span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="protocol-cold-per-query"
              checked={protocol.coldPerQuery}
              disabled={!protocol.cold}
              onChange={(e) => edit(setProtocol(definition, { coldPerQuery: e.target.checked }))}
            />
            <span>Each query cold after its own restart, then hot (post 003), not one cold pass</span>
          </label>
          <Field label="Hot runs" name="hotRuns" error={issueAt(summary.issues, '$.protocol.hotRuns')}>
            <input
              type="number"
              min={0}
              data-testid="protocol-hot-runs"
              value={Number.isNaN(protocol.hotRuns) ? '' : protocol.hotRuns}
              onChange={(e) => edit(setProtocol(definition, { hotRuns: e.target.valueAsNumber }))}
            />
          </Field>
          <Field
            label="Warm-ups (recorded, not counted)"
            name="warmups"
            error={issueAt(summary.issues, '$.protocol.warmups')}
          >
            <input
              type="number"
              min={0}
              data-testid="protocol-warmups"
              value={Number.isNaN(protocol.warmups) ? '' : protocol.warmups}
              onChange={(e) => edit(setProtocol(definition, { warmups: e.target.valueAsNumber }))}
            />
          </Field>
          <label className="check">
            <input
              type="checkbox"
              data-testid="protocol-randomize"
              checked={protocol.randomize}
              onChange={(e) => edit(setProtocol(definition, { randomize: e.target.checked }))}
            />
            <span>Randomise the order of the queries (seed {protocol.seed})</span>
          </label>
          <label className="field">
            <span>When a server drops or restarts mid-run</span>
            <select
              data-testid="protocol-on-interruption"
              value={protocol.onInterruption}
              onChange={(e) =>
                edit(setProtocol(definition, { onInterruption: e.target.value as 'continue' | 'stop' }))
              }
            >
              <option value="continue">mark that run interrupted and go on</option>
              <option value="stop">mark that run interrupted and stop</option>
            </select>
          </label>
          <label className="field">
            <span>Poll the buffer pool during each run (the live view)</span>
            <select
              data-testid="protocol-poll"
              value={String(definition.poll ?? 'auto')}
              onChange={(e) => edit(setPoll(definition, e.target.value))}
            >
              {pollChoices(definition).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted">
          The flush method (innodb_flush_method, e.g. O_DIRECT) is a startup option: add it to the matrix.
        </p>
      </div>

      <div className="panel" data-testid="experiment-start-panel">
        <div className="panel-head">
          <h3 data-testid="experiment-summary" data-runs={summary.runs}>
            {summary.text}
          </h3>
          <div className="actions">
            <button
              type="button"
              className="primary"
              data-testid="experiment-start"
              disabled={!gate.canStart}
              onClick={() => void start()}
            >
              {starting ? 'Starting…' : 'Start'}
            </button>
          </div>
        </div>
        {gate.kind === 'checking' && (
          <p className="muted" data-testid="experiment-checking">
            Checking the servers…
          </p>
        )}
        {gate.kind === 'cannot' && (
          <div className="error" data-testid="experiment-problems">
            <div className="error-message">It cannot run:</div>
            <ul>
              {gate.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        {gate.kind === 'ready' && (
          <p className="muted" data-testid="experiment-can-start">
            Ready: every server can run it.
          </p>
        )}
        <ErrorMessage error={checkError} testId="experiment-check-error" />
        <ErrorMessage error={startError} testId="experiment-start-error" />
      </div>
    </div>
  );
}

function MatrixPanel({
  definition,
  issues,
}: {
  definition: ExperimentDefinitionInput;
  issues: Record<string, string>;
}) {
  const edit = useDocuments((s) => s.edit);
  const [variable, setVariable] = useState('');
  const [typed, setTyped] = useState<Record<number, string>>({});
  const matrix = definition.matrix ?? [];
  const offered = KNOWN_DIMENSIONS.filter((k) => !matrix.some((m) => m.variable === k.variable));

  const addTyped = (i: number) => {
    edit(addValues(definition, i, typed[i] ?? ''));
    setTyped({ ...typed, [i]: '' });
  };

  return (
    <div className="panel" data-testid="experiment-matrix">
      <h3>Settings matrix</h3>
      {matrix.length === 0 && <p className="muted">No dimension: each server runs on its own settings.</p>}
      {matrix.map((m, i) => (
        <div
          key={`${m.variable}-${i}`}
          className="dimension"
          data-testid="matrix-dimension"
          data-variable={m.variable}
        >
          <div className="dimension-head">
            <strong className="truncate">{m.variable}</strong>
            <select
              value={m.kind}
              aria-label="How it is changed"
              onChange={(e) =>
                edit(setDimensionKind(definition, i, e.target.value as MatrixDimension['kind']))
              }
            >
              {Object.entries(KIND_LABELS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
            <button
              type="button"
              data-testid="matrix-remove"
              onClick={() => edit(removeDimension(definition, i))}
            >
              Remove
            </button>
          </div>
          <div className="chips">
            {m.values.map((v) => (
              <span key={v} className="chip" data-testid="matrix-value">
                {v}
                <button
                  type="button"
                  aria-label={`remove ${v}`}
                  onClick={() => edit(removeValue(definition, i, v))}
                >
                  ×
                </button>
              </span>
            ))}
            <input
              className="chip-input"
              data-testid="matrix-value-input"
              placeholder="values: 1000, 0"
              value={typed[i] ?? ''}
              onChange={(e) => setTyped({ ...typed, [i]: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTyped(i);
                }
              }}
            />
            <button type="button" data-testid="matrix-value-add" onClick={() => addTyped(i)}>
              Add
            </button>
          </div>
          {issueAt(issues, `$.matrix[${i}]`) && (
            <small className="field-error" data-testid="field-error" data-field={`matrix.${i}`}>
              {issueAt(issues, `$.matrix[${i}]`)}
            </small>
          )}
        </div>
      ))}
      <div className="preset-row">
        <label className="field">
          <span>Add a dimension (a server variable)</span>
          <input
            list="matrix-variables"
            data-testid="matrix-variable"
            value={variable}
            placeholder="innodb_old_blocks_time"
            onChange={(e) => setVariable(e.target.value)}
          />
          <datalist id="matrix-variables">
            {offered.map((k) => (
              <option key={k.variable} value={k.variable} />
            ))}
          </datalist>
        </label>
        <button
          type="button"
          data-testid="matrix-add"
          disabled={!variable.trim()}
          onClick={() => {
            edit(addDimension(definition, variable));
            setVariable('');
          }}
        >
          Add dimension
        </button>
      </div>
      {issueAt(issues, '$.matrix') && !matrix.some((_, i) => issueAt(issues, `$.matrix[${i}]`)) && (
        <small className="field-error">{issueAt(issues, '$.matrix')}</small>
      )}
    </div>
  );
}
