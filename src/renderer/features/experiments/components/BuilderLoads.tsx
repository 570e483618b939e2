/** The experiment's OLTP load steps (a preset of posts 002 and 004 gives them): each run in every configuration after its queries; removable here. */
import { ExperimentLoadStepSchema, loadStepLabel } from '../../../../shared/experiment-load';
import type { ExperimentDefinitionInput } from '../../../../shared/experiments';
import { useDocuments } from '../../../lib/documents';

export function BuilderLoads({ definition }: { definition: ExperimentDefinitionInput }) {
  const edit = useDocuments((s) => s.edit);
  const loads = definition.loads ?? [];
  if (loads.length === 0) return null;
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
          const step = ExperimentLoadStepSchema.safeParse(l);
          return (
            <li key={i} data-testid="experiment-load-step">
              {step.success
                ? `${loadStepLabel(step.data)}; ${step.data.seconds} s per step after a ${step.data.warmupSeconds} s warm-up, ${step.data.distribution} keys, in ${step.data.schema}`
                : 'a load step bplab cannot read'}{' '}
              <button
                type="button"
                data-testid="experiment-load-remove"
                onClick={() => edit({ ...definition, loads: loads.filter((_, n) => n !== i) })}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
