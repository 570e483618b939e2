/** Create a dataset: generate one (SF, seed) or import dbgen's .tbl files, with its engine and layout. */
import type { FormEvent } from 'react';
import { CheckField, SelectField, TextField, type Choice } from '../../../components/Field';
import type { DatasetEngine, GeneratorMode } from '../../../../shared/datasets/datasets';
import { useDatasets } from '../stores/datasets-store';
import { schemaPlaceholder, takenSchemas, type DatasetForm } from '../utils/dataset-form';

const SOURCES: Array<Choice<DatasetForm['mode']>> = [
  { value: 'generate', label: 'Generate (bplab’s SSB generator)' },
  { value: 'import', label: 'Import dbgen .tbl files' },
];
const ROWS: Array<Choice<GeneratorMode>> = [
  { value: 'dbgen', label: 'as dbgen writes them' },
  { value: 'spec', label: 'as the specification writes them' },
];
const ENGINES: Array<Choice<DatasetEngine>> = [
  { value: 'InnoDB', label: 'InnoDB' },
  { value: 'MyISAM', label: 'MyISAM' },
];

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
        <SelectField {...bound} name="mode" label="Source" testId="dataset-mode" choices={SOURCES} />
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
            <SelectField
              {...bound}
              name="rows"
              label="Rows"
              testId="dataset-rows"
              choices={ROWS}
              hint="dbgen’s bytes, quirks included, or the SSB specification’s form; the same counts"
            />
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
        <SelectField {...bound} name="engine" label="Engine" testId="dataset-engine" choices={ENGINES} />
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
