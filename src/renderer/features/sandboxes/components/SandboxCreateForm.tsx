/** Creates (and starts) a sandbox from a server binary found on this machine. */
import type { FormEvent } from 'react';
import { KEEP_FAILED_LABEL } from '../../../../shared/server/sandbox-options';
import { CheckField, Field, SelectField, TextField } from '../../../components/Field';
import { useSandboxes } from '../stores/sandboxes-store';
import { binaryLabel } from '../utils/sandbox-view';
import { CancelButton } from '../../../components/CancelButton';

export function SandboxCreateForm() {
  const {
    form,
    formErrors: errors,
    binaries,
    searched,
    finding,
    creating,
    creatingId,
    cancelling,
    phase,
    change,
    findBinaries,
    create,
    cancelCreate,
  } = useSandboxes();
  const bound = { form, errors, change };
  const cancellingCreate = creatingId !== null && cancelling[creatingId] === true;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void create();
  };
  return (
    <form className="panel" data-testid="sandbox-create-form" onSubmit={submit} noValidate>
      <div className="panel-head">
        <h2>New sandbox</h2>
      </div>
      <div className="grid">
        <TextField
          form={form}
          change={change}
          name="basedir"
          label="Also search in (basedir)"
          testId="sandbox-basedir"
          hint="optional: a folder holding bin/mysqld or bin/mariadbd"
          placeholder="~/mysql-8.0.31"
        />
        <div className="field field-button">
          <button
            type="button"
            data-testid="sandbox-find-binaries"
            disabled={finding}
            onClick={() => void findBinaries()}
          >
            {finding ? 'Searching…' : 'Find servers'}
          </button>
        </div>
        <SelectField
          {...bound}
          name="binaryPath"
          label="Server binary"
          testId="sandbox-binary"
          choices={binaries.map((b) => ({ value: b.path, label: binaryLabel(b) }))}
          disabled={binaries.length === 0}
          none={searched ? 'no server found' : 'press Find servers'}
        />
        {searched && binaries.length === 0 && (
          <p className="muted wide" data-testid="sandbox-binaries-searched">
            No mysqld or mariadbd found in: {searched.join(', ')}. Give a basedir above.
          </p>
        )}
        <TextField {...bound} name="name" label="Name" testId="sandbox-name" />
        <TextField
          {...bound}
          name="port"
          label="Port"
          testId="sandbox-port"
          hint="blank: a free port"
          numeric
        />
        <TextField
          {...bound}
          name="bufferPoolSize"
          label="Buffer pool size"
          testId="sandbox-buffer-pool"
          hint="e.g. 128M, 1G"
        />
        <TextField
          {...bound}
          name="oldBlocksTimeMs"
          label="innodb_old_blocks_time (ms)"
          testId="sandbox-old-blocks-time"
          hint="blank: server default"
          numeric
        />
        <TextField
          {...bound}
          name="oldBlocksPct"
          label="innodb_old_blocks_pct"
          testId="sandbox-old-blocks-pct"
          hint="blank: server default"
          numeric
        />
        <Field label="Other options (key=value per line)" name="options" error={errors.options}>
          <textarea
            data-testid="sandbox-options"
            rows={3}
            value={form.options}
            placeholder="innodb_buffer_pool_instances=1"
            onChange={(e) => change({ options: e.target.value })}
          />
        </Field>
        <CheckField form={form} change={change} name="keepRunning" testId="sandbox-keep-running">
          keep running when bplab quits
        </CheckField>
        <CheckField form={form} change={change} name="keepFailed" testId="sandbox-keep-failed">
          {KEEP_FAILED_LABEL} (its folder and error log stay, so you can read why; otherwise it is removed)
        </CheckField>
      </div>
      <div className="actions">
        <button type="submit" className="primary" data-testid="sandbox-create" disabled={creating}>
          {creating ? 'Creating and starting…' : 'Create and start'}
        </button>
        {creating && (
          <CancelButton
            testId="sandbox-create-cancel"
            danger={false}
            cancelling={cancellingCreate}
            onCancel={cancelCreate}
          />
        )}
        {creating && creatingId !== null && phase[creatingId] && (
          <span className="muted" role="status" data-testid="sandbox-create-phase">
            {phase[creatingId]}
          </span>
        )}
      </div>
    </form>
  );
}
