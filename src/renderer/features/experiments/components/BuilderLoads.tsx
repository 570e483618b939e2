/**
 * The experiment's OLTP load steps (a preset of posts 002 and 004 gives them): each run in every
 * configuration after its queries; its clients, rows, seconds and warm-up editable (a preset made
 * smaller to try it), a wrong field said in words while the draft keeps its last right value; removable.
 */
import { useState } from 'react';
import { ExperimentLoadSweepSchema, loadSweepLabel } from '../../../../shared/load/experiment-load';
import type { ExperimentDefinitionInput } from '../../../../shared/experiments/experiments';
import { useDocuments } from '../../../lib/documents';
import { LOAD_SWEEP_FIELDS, editLoadStep, loadStepText, type LoadStepField } from '../utils/load-sweep-edit';

type Typed = Record<string, { text: string; problem: string | null }>;

export function BuilderLoads({ definition }: { definition: ExperimentDefinitionInput }) {
  const edit = useDocuments((s) => s.edit);
  // What is typed in a field until it reads right (then the draft holds it): "1," stays as typed.
  const [typed, setTyped] = useState<Typed>({});
  const loads = definition.loads ?? [];
  if (loads.length === 0) return null;
  const type = (i: number, field: LoadStepField, text: string) => {
    const edited = editLoadStep(definition, i, field, text);
    const key = `${i}.${field}`;
    if ('problem' in edited) return setTyped((t) => ({ ...t, [key]: { text, problem: edited.problem } }));
    setTyped((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== key)));
    edit(edited.definition);
  };
  return (
    <div className="panel" data-testid="experiment-loads">
      <div className="panel-head">
        <h3>OLTP load steps</h3>
        <span className="muted">
          run in every configuration, after its queries; tables prepared when missing
        </span>
      </div>
      <ul>
        {loads.map((l, i) => {
          const step = ExperimentLoadSweepSchema.safeParse(l);
          return (
            <li key={i} data-testid="experiment-load-step">
              {step.success
                ? `${loadSweepLabel(step.data)}; ${step.data.seconds} s per step after a ${step.data.warmupSeconds} s warm-up, ${step.data.distribution} keys, in ${step.data.schema}`
                : 'a load step bplab cannot read'}{' '}
              <button
                type="button"
                data-testid="experiment-load-remove"
                onClick={() => {
                  setTyped({});
                  edit({ ...definition, loads: loads.filter((_, n) => n !== i) });
                }}
              >
                Remove
              </button>
              <div className="grid">
                {LOAD_SWEEP_FIELDS.map(([field, label]) => {
                  const own = typed[`${i}.${field}`];
                  return (
                    <label key={field} className="field">
                      <span>{label}</span>
                      <input
                        data-testid={`experiment-load-${field}`}
                        value={own?.text ?? loadStepText(l, field)}
                        onChange={(e) => type(i, field, e.target.value)}
                      />
                      {own?.problem && (
                        <small className="field-error" data-testid="field-error" data-field={field}>
                          {own.problem}
                        </small>
                      )}
                    </label>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
