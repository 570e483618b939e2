/** Create a dataset: generate one (SF, seed) or import dbgen's .tbl files, with its engine and layout. */
import type { FormEvent } from 'react';
import { CheckField, Field, TextField } from '../../../components/Field';
import type { GeneratorMode } from '../../../../shared/datasets/datasets';
import { useDatasets } from '../stores/datasets-store';
import { schemaPlaceholder, takenSchemas } from '../utils/dataset-form';

export function DatasetCreateForm() {
  const { form, formErrors, starting, profileId, task, change, start, datasets, oltp } = useDatasets();
  const bound = { form, errors: formErrors, change };
  const loading = task !== null && !(task.progress?.done ?? false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void start();
  };
  return (
    <form className="panel" data-testid="dataset-create" onSubmit={submit}>
      <div className="panel-head">
        <h2>New dataset</h2>
        <span className="muted">
          the rows stream into the server with LOAD DATA LOCAL INFILE; the keys are added after
        </span>
      </div>
      <div className="grid">
        <Field label="Source" name="mode">
          <select
            data-testid="dataset-mode"
            value={form.mode}
            onChange={(e) => change({ mode: e.target.value as 'generate' | 'import' })}
          >
            <option value="generate">Generate (bplab’s SSB generator)</option>
            <option value="import">Import dbgen .tbl files</option>
          </select>
        </Field>
        {form.mode === 'generate' ? (
          <>
            <TextField
              {...bound}
              name="sf"
              label="Scale factor"
              testId="dataset-sf"
              hint="1 = 6 million lineorder rows; 0.01 for a quick try"
            />
            <TextField
              {...bound}
              name="seed"
              label="Seed"
              testId="dataset-seed"
              hint="1 gives dbgen’s own data"
            />
            <Field
              label="Rows"
              name="rows"
              hint="dbgen’s bytes, quirks included, or the SSB specification’s form; the same counts"
            >
              <select
                data-testid="dataset-rows"
                value={form.rows}
                onChange={(e) => change({ rows: e.target.value as GeneratorMode })}
              >
                <option value="dbgen">as dbgen writes them</option>
                <option value="spec">as the specification writes them</option>
              </select>
            </Field>
          </>
        ) : (
          <TextField
            {...bound}
            name="dir"
            label="Folder"
            testId="dataset-dir"
            hint="customer.tbl, part.tbl, supplier.tbl, date.tbl, lineorder.tbl; on the machine running bplab"
          />
        )}
        <TextField
          {...bound}
          name="schema"
          label="Schema"
          testId="dataset-schema"
          placeholder={schemaPlaceholder(form, takenSchemas({ datasets, oltp }))}
        />
        <Field label="Engine" name="engine">
          <select
            data-testid="dataset-engine"
            value={form.engine}
            onChange={(e) => change({ engine: e.target.value as 'InnoDB' | 'MyISAM' })}
          >
            <option value="InnoDB">InnoDB</option>
            <option value="MyISAM">MyISAM</option>
          </select>
        </Field>
      </div>
      {/* Apart and each on its own line: two inline labels ran together ("…GEN_CLUST_INDEXreplace a…"). */}
      <div className="check-stack">
        <CheckField form={form} change={change} name="lineorderPk" testId="dataset-lineorder-pk">
          lineorder with PRIMARY KEY (LO_OrderKey, LO_LineNumber) instead of InnoDB’s hidden GEN_CLUST_INDEX
        </CheckField>
        <CheckField form={form} change={change} name="replace" testId="dataset-replace">
          replace a bplab dataset of the same name
        </CheckField>
      </div>
      <div className="actions">
        <button
          type="submit"
          className="primary"
          data-testid="dataset-start"
          disabled={!profileId || starting || loading}
        >
          {starting ? 'Starting…' : form.mode === 'generate' ? 'Generate and load' : 'Import'}
        </button>
      </div>
    </form>
  );
}
