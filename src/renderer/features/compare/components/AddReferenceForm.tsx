/**
 * Adds a reference figure to an open experiment file (a vendor's claim, a figure of one's own, or an
 * earlier result's): what it measures, from the figures the experiment has; its value and unit; where
 * it comes from. Kept in the file, its verdict joins the published figures above at once.
 */
import { useEffect, useId, useMemo, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field, SelectField, TextField } from '../../../components/Field';
import { dialogs } from '../../../lib/document-files';
import { useCompare } from '../stores/compare-store';
import { useReference } from '../stores/reference-store';
import {
  comparesTwo,
  describeFigure,
  measuresLoad,
  referenceChoices,
  UNITS_OF,
} from '../utils/reference-form';

export function AddReferenceForm() {
  const { files, recent } = useCompare();
  const { target, form, errors, busy, error, added, start, change, takeEarlier, save } = useReference();
  const listId = useId();
  const current = files.find((f) => f.file === target) ?? files[0];
  useEffect(() => {
    if (current && current.file !== target) start(current);
  }, [current, target, start]);
  const choices = useMemo(
    () => (current ? referenceChoices(current.experiment.definition) : null),
    [current],
  );
  if (!current || !form || !choices || choices.kinds.length === 0) return null;
  const def = current.experiment.definition;
  const bound = { form, errors, change };
  const earlierFiles = [
    ...new Set([...files.map((f) => f.file), ...recent.filter((r) => r.exists).map((r) => r.file)]),
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(current);
  };
  const configurations = (name: 'side' | 'other', label: string) => (
    <SelectField
      {...bound}
      name={name}
      label={label}
      testId={`reference-${name}`}
      choices={choices.configurations.map((c) => ({ value: c.key, label: c.label }))}
    />
  );
  const step = choices.steps[Number(form.step)];
  return (
    <details className="panel reference-add" data-testid="reference-add">
      <summary>
        <h2>Add a reference figure</h2>{' '}
        <span className="muted">a vendor’s claim, a figure of your own, or an earlier result’s</span>
      </summary>
      <form data-testid="reference-form" onSubmit={submit} noValidate>
        <div className="grid">
          {files.length > 1 && (
            <Field label="To the experiment" name="target">
              <select
                data-testid="reference-target"
                value={current.file}
                onChange={(e) => {
                  const f = files.find((x) => x.file === e.target.value);
                  if (f) start(f);
                }}
              >
                {files.map((f) => (
                  <option key={f.file} value={f.file}>
                    {f.experiment.definition.name} ({f.file})
                  </option>
                ))}
              </select>
            </Field>
          )}
          <SelectField
            {...bound}
            name="kind"
            label="What it measures"
            testId="reference-kind"
            choices={choices.kinds.map((k) => ({ value: k.id, label: k.label }))}
          />
          {configurations('side', comparesTwo(form.kind) ? 'First configuration' : 'Configuration')}
          {comparesTwo(form.kind) && configurations('other', 'Second configuration (divided by)')}
          {!measuresLoad(form.kind) ? (
            <>
              <SelectField
                {...bound}
                name="pass"
                label="Pass"
                testId="reference-pass"
                choices={choices.passes.map((p) => ({ value: p, label: p }))}
              />
              <SelectField
                {...bound}
                name="query"
                label="Queries"
                testId="reference-query"
                choices={choices.queries.map((q) => ({ value: q.id, label: q.label }))}
              />
            </>
          ) : (
            <>
              <SelectField
                {...bound}
                // A new step starts at its first client count.
                change={(p) =>
                  change(
                    p.step === undefined
                      ? p
                      : { ...p, clients: String(choices.steps[Number(p.step)]?.clients[0] ?? '') },
                  )
                }
                name="step"
                label="Load step"
                testId="reference-step"
                choices={choices.steps.map((s) => ({ value: String(s.index), label: s.label }))}
              />
              <SelectField
                {...bound}
                name="clients"
                label="Clients"
                testId="reference-clients"
                choices={(step?.clients ?? []).map((c) => ({ value: String(c), label: String(c) }))}
              />
            </>
          )}
          <TextField
            {...bound}
            name="value"
            label="Value"
            testId="reference-value"
            numeric
            placeholder="1.8"
          />
          <SelectField
            {...bound}
            name="unit"
            label="Unit"
            testId="reference-unit"
            choices={UNITS_OF[form.kind].map((u) => ({ value: u.id, label: u.label }))}
          />
          <TextField
            {...bound}
            name="source"
            label="Where it comes from"
            testId="reference-source"
            placeholder="vendor’s tuning guide; our run of 12 May"
          />
          <TextField
            {...bound}
            name="where"
            label="Page, table or link"
            testId="reference-where"
            hint="blank: the day it is added"
          />
          <TextField
            {...bound}
            name="label"
            label="Name"
            testId="reference-label"
            placeholder={describeFigure(form, def)}
            hint="blank: named by what it measures"
          />
        </div>
        <div className="toolbar">
          <Field label="Or take the value from an earlier result" name="earlier" error={errors.earlier}>
            <input
              data-testid="reference-earlier"
              list={listId}
              value={form.earlier}
              placeholder="/home/me/earlier.bplab.json"
              onChange={(e) => change({ earlier: e.target.value })}
            />
            <datalist id={listId}>
              {earlierFiles.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </Field>
          {dialogs() !== undefined && (
            <button
              type="button"
              data-testid="reference-earlier-pick"
              disabled={busy}
              onClick={() =>
                void dialogs()
                  ?.pickOpenMany()
                  .then((paths) => paths?.[0] && change({ earlier: paths[0] }))
              }
            >
              Choose…
            </button>
          )}
          <button
            type="button"
            data-testid="reference-earlier-take"
            disabled={busy}
            onClick={() => void takeEarlier(current, form.earlier)}
          >
            Take its figure
          </button>
        </div>
        <div className="toolbar">
          <button type="submit" data-testid="reference-save" disabled={busy}>
            {busy ? 'Working…' : 'Add the figure'}
          </button>
        </div>
      </form>
      <ErrorMessage error={error} testId="reference-error" />
      {added && (
        <p className="ok-box" data-testid="reference-added">
          Added “{added}” to {def.name}: its verdict is with the published figures above.
        </p>
      )}
    </details>
  );
}
