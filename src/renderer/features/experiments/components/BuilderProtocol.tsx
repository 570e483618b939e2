/** The builder's protocol: cold first or not, hot runs, warm-ups, order, interruptions and polling. */
import { CheckField, Field } from '../../../components/Field';
import { useDocuments } from '../../../lib/documents';
import {
  issueAt,
  pollChoices,
  protocolOf,
  setPoll,
  setProtocol,
  type BuilderSectionProps,
} from '../utils/builder-view';

export function BuilderProtocol({ definition, issues }: BuilderSectionProps) {
  const edit = useDocuments((s) => s.edit);
  const protocol = protocolOf(definition);
  const changeProtocol = (patch: Parameters<typeof setProtocol>[1]) => edit(setProtocol(definition, patch));
  return (
    <div className="panel" data-testid="experiment-protocol">
      <h3>Protocol</h3>
      <div className="grid">
        <CheckField form={protocol} change={changeProtocol} name="cold" testId="protocol-cold">
          <span>
            Cold run first (sandbox restart, purge waited for, the dataset's files evicted from the OS page
            cache)
          </span>
        </CheckField>
        <CheckField
          form={protocol}
          change={changeProtocol}
          name="coldPerQuery"
          testId="protocol-cold-per-query"
          disabled={!protocol.cold}
        >
          <span>Each query cold after its own restart, then hot (post 003), not one cold pass</span>
        </CheckField>
        <Field label="Hot runs" name="hotRuns" error={issueAt(issues, '$.protocol.hotRuns')}>
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
          error={issueAt(issues, '$.protocol.warmups')}
        >
          <input
            type="number"
            min={0}
            data-testid="protocol-warmups"
            value={Number.isNaN(protocol.warmups) ? '' : protocol.warmups}
            onChange={(e) => edit(setProtocol(definition, { warmups: e.target.valueAsNumber }))}
          />
        </Field>
        <Field
          label="Repeats of the load sweeps (alternating: A B, B A)"
          name="repeats"
          error={issueAt(issues, '$.protocol.repeats')}
        >
          <input
            type="number"
            min={1}
            data-testid="protocol-repeats"
            value={Number.isNaN(protocol.repeats) ? '' : protocol.repeats}
            onChange={(e) => edit(setProtocol(definition, { repeats: e.target.valueAsNumber }))}
          />
        </Field>
        <CheckField form={protocol} change={changeProtocol} name="randomize" testId="protocol-randomize">
          <span>Randomise the order of the queries (seed {protocol.seed})</span>
        </CheckField>
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
  );
}
