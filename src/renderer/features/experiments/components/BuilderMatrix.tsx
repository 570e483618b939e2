/** The builder's settings matrix: the dimensions (globals, pool size, startup options, datasets) and their values. */
import { useState } from 'react';
import type { MatrixDimension } from '../../../../shared/experiments/experiments';
import { useDocuments } from '../../../lib/documents';
import {
  KNOWN_DIMENSIONS,
  addDimension,
  addValues,
  issueAt,
  removeDimension,
  removeValue,
  setDimensionKind,
  valuesPlaceholder,
  type BuilderSectionProps,
} from '../utils/builder-view';

const KIND_LABELS: Record<MatrixDimension['kind'], string> = {
  global: 'SET GLOBAL',
  'buffer-pool-size': 'pool resize',
  startup: 'startup option (restart)',
  dataset: 'dataset (engine)',
};

export function MatrixPanel({ definition, issues }: BuilderSectionProps) {
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
          {m.pairedWith && (
            <p className="muted" data-testid="matrix-paired">
              One for one with {m.pairedWith}&apos;s values, in order (not multiplied); &quot;default&quot;
              leaves the option to the server.
            </p>
          )}
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
              placeholder={valuesPlaceholder(m)}
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
