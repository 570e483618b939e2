/** Edits one profile: where the server is, who connects, TLS, and an optional password. */
import type { FormEvent } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { CheckField, SelectField, TextField, type Choice } from '../../../components/Field';
import { useConnections } from '../stores/connections-store';
import type { ProfileForm, TlsChoice } from '../utils/profile-form';
import { TestResultView } from './TestResultView';

const TRANSPORTS: Array<Choice<ProfileForm['transport']>> = [
  { value: 'tcp', label: 'TCP (host and port)' },
  { value: 'socket', label: 'Unix socket' },
];
const TLS_MODES: Array<Choice<TlsChoice>> = [
  { value: 'off', label: 'off' },
  { value: 'preferred', label: 'preferred (use it if the server offers it)' },
  { value: 'required', label: 'required (encrypt, do not verify)' },
  { value: 'verify', label: 'verify the server certificate' },
];

export function ConnectionEditor() {
  const {
    form,
    formErrors: errors,
    change,
    save,
    testConnection,
    remove,
    forgetPassword,
    saving,
    test,
    passwordPersistence,
    profiles,
  } = useConnections();
  if (!form) return <p className="muted">Pick a connection, or create a new one.</p>;
  const bound = { form, errors, change };
  const saved = profiles.find((p) => p.id === form.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  return (
    <form className="panel editor" data-testid="profile-editor" onSubmit={submit} noValidate>
      <div className="panel-head">
        <h2>{form.id ? form.name || form.id : 'New connection'}</h2>
        {saved?.sandboxId && <span className="tag">kept by its sandbox; deleted with it</span>}
      </div>
      <div className="grid">
        <TextField {...bound} name="name" label="Name" testId="profile-name" />
        <SelectField
          {...bound}
          name="transport"
          label="Connect over"
          testId="profile-transport"
          choices={TRANSPORTS}
        />
        {form.transport === 'tcp' ? (
          <>
            <TextField {...bound} name="host" label="Host" testId="profile-host" />
            <TextField {...bound} name="port" label="Port" testId="profile-port" hint="blank: 3306" numeric />
          </>
        ) : (
          <TextField
            {...bound}
            name="socketPath"
            label="Socket path"
            testId="profile-socket"
            placeholder="/run/mysqld/mysqld.sock"
          />
        )}
        <TextField {...bound} name="user" label="User" testId="profile-user" />
        <TextField {...bound} name="database" label="Database" testId="profile-database" hint="optional" />
        <SelectField {...bound} name="tls" label="TLS" testId="profile-tls-mode" choices={TLS_MODES} />
        {form.tls === 'verify' && (
          <>
            <TextField
              {...bound}
              name="caPath"
              label="CA certificate (PEM path)"
              testId="profile-tls-ca"
              hint="blank: the system's CAs"
            />
            <CheckField
              form={form}
              change={change}
              name="verifyIdentity"
              testId="profile-tls-verify-identity"
            >
              verify identity (the certificate names this host)
            </CheckField>
          </>
        )}
        <CheckField form={form} change={change} name="production" testId="profile-production">
          production server (bplab changes no global setting there and asks before walking the LRU)
        </CheckField>
        <TextField
          form={form}
          change={change}
          name="password"
          label="Password"
          testId="profile-password"
          hint={
            saved && saved.password !== 'none'
              ? 'blank: keep the one bplab has'
              : 'kept in memory for this session'
          }
          type="password"
          autoComplete="off"
        />
        {passwordPersistence === 'encrypted' && (
          <CheckField form={form} change={change} name="rememberPassword" testId="profile-remember">
            remember the password (encrypted by the OS keychain)
          </CheckField>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="primary" data-testid="profile-save" disabled={saving}>
          Save
        </button>
        <button
          type="button"
          data-testid="profile-test"
          disabled={saving || test.status === 'running'}
          onClick={() => void testConnection()}
        >
          {test.status === 'running' ? 'Testing…' : 'Test connection'}
        </button>
        {saved && saved.password !== 'none' && (
          <button
            type="button"
            data-testid="profile-forget-password"
            onClick={() => void forgetPassword(saved.id)}
          >
            Forget password
          </button>
        )}
        {saved && !saved.sandboxId && (
          <button
            type="button"
            className="danger"
            data-testid="profile-delete"
            onClick={() => void remove(saved.id)}
          >
            Delete
          </button>
        )}
      </div>
      {test.status === 'done' && <TestResultView result={test.result} />}
      {test.status === 'failed' && <ErrorMessage error={test.error} testId="test-error" />}
    </form>
  );
}
