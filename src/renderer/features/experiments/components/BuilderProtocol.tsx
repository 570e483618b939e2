/** The builder's protocol: cold first or not, hot runs, warm-ups, order, interruptions and polling. */
import { CheckField, NumberField, SelectField, type Choice } from '../../../components/Field';
import { useDocuments } from '../../../lib/documents';
import {
  issueAt,
  pollChoices,
  protocolOf,
  setPoll,
  setProtocol,
  type BuilderSectionProps,
} from '../utils/builder-view';

const ON_INTERRUPTION: Array<Choice<ReturnType<typeof protocolOf>['onInterruption']>> = [
  { value: 'continue', label: 'mark that run interrupted and go on' },
  { value: 'stop', label: 'mark that run interrupted and stop' },
];

export function BuilderProtocol({ definition, issues }: BuilderSectionProps) {
  const edit = useDocuments((s) => s.edit);
  const protocol = protocolOf(definition);
  const changeProtocol = (patch: Parameters<typeof setProtocol>[1]) => edit(setProtocol(definition, patch));
  const errors = {
    hotRuns: issueAt(issues, '$.protocol.hotRuns'),
    warmups: issueAt(issues, '$.protocol.warmups'),
    repeats: issueAt(issues, '$.protocol.repeats'),
  };
  const bound = { form: protocol, errors, change: changeProtocol };
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
        <NumberField {...bound} name="hotRuns" label="Hot runs" testId="protocol-hot-runs" min={0} />
        <NumberField
          {...bound}
          name="warmups"
          label="Warm-ups (recorded, not counted)"
          testId="protocol-warmups"
          min={0}
        />
        <NumberField
          {...bound}
          name="repeats"
          label="Repeats of the load sweeps (alternating: A B, B A)"
          testId="protocol-repeats"
          min={1}
        />
        <CheckField form={protocol} change={changeProtocol} name="randomize" testId="protocol-randomize">
          <span>Randomise the order of the queries (seed {protocol.seed})</span>
        </CheckField>
        <SelectField
          {...bound}
          name="onInterruption"
          label="When a server drops or restarts mid-run"
          testId="protocol-on-interruption"
          choices={ON_INTERRUPTION}
        />
        <SelectField
          form={{ poll: String(definition.poll ?? 'auto') }}
          change={({ poll }) => poll !== undefined && edit(setPoll(definition, poll))}
          name="poll"
          label="Poll the buffer pool during each run (the live view)"
          testId="protocol-poll"
          choices={pollChoices(definition)}
        />
      </div>
      <p className="muted">
        The flush method (innodb_flush_method, e.g. O_DIRECT) is a startup option: add it to the matrix.
      </p>
    </div>
  );
}
