/**
 * The builder: name and dataset, a preset to start from, queries and variants by flight, servers,
 * the settings matrix and the protocol. The run count and estimate follow every keystroke; each field
 * says what is wrong with it; Start is offered only when main's check says the experiment can run,
 * and otherwise says why in words.
 */
import { useEffect, useMemo } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import type { ExperimentDefinitionInput } from '../../../../shared/experiments/experiments';
import { useDocuments } from '../../../lib/documents';
import { shownPreset, useExperiments } from '../stores/experiments-store';
import { issueAt, planSummary, startGate } from '../utils/builder-view';
import { MatrixPanel } from './BuilderMatrix';
import { BuilderLoads } from './BuilderLoads';
import { BuilderProtocol } from './BuilderProtocol';
import { BuilderQueries } from './BuilderQueries';
import { BuilderServers } from './BuilderServers';

export function ExperimentBuilder({ definition }: { definition: ExperimentDefinitionInput }) {
  const edit = useDocuments((s) => s.edit);
  const { presets, check, checkedFor, checkError, presetError, startError, starting } = useExperiments();
  const { runCheck, applyPreset, choosePreset, start } = useExperiments();
  const summary = useMemo(() => planSummary(definition), [definition]);
  const presetId =
    shownPreset(
      presets,
      useExperiments((s) => s.presetId),
    ) ?? '';

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
              onChange={(e) => choosePreset(e.target.value)}
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
            disabled={!presetId}
            onClick={() => void applyPreset()}
          >
            Use preset
          </button>
        </div>
        <p className="muted">{presets.find((p) => p.id === presetId)?.source}</p>
        <ErrorMessage error={presetError} testId="experiment-preset-error" />
      </div>

      <BuilderServers definition={definition} issues={summary.issues} />
      <BuilderQueries definition={definition} issues={summary.issues} />
      <MatrixPanel definition={definition} issues={summary.issues} />
      <BuilderLoads definition={definition} />
      <BuilderProtocol definition={definition} issues={summary.issues} />

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
