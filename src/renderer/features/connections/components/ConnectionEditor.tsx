/** Edits one profile: where the server is, who connects, TLS, and an optional password. */
import type { FormEvent } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Field } from '../../../components/Field';
import { useConnections } from '../stores/connections-store';
import type { TlsChoice } from '../utils/profile-form';
import { TestResultView } from './TestResultView';

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
        <Field label="Name" name="name" error={errors.name}>
          <input
            data-testid="profile-name"
            value={form.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </Field>
        <Field label="Connect over" name="transport">
          <select
            data-testid="profile-transport"
            value={form.transport}
            onChange={(e) => change({ transport: e.target.value as 'tcp' | 'socket' })}
          >
            <option value="tcp">TCP (host and port)</option>
            <option value="socket">Unix socket</option>
          </select>
        </Field>
        {form.transport === 'tcp' ? (
          <>
            <Field label="Host" name="host" error={errors.host}>
              <input
                data-testid="profile-host"
                value={form.host}
                onChange={(e) => change({ host: e.target.value })}
              />
            </Field>
            <Field label="Port" name="port" error={errors.port} hint="blank: 3306">
              <input
                data-testid="profile-port"
                inputMode="numeric"
                value={form.port}
                onChange={(e) => change({ port: e.target.value })}
              />
            </Field>
          </>
        ) : (
          <Field label="Socket path" name="socketPath" error={errors.socketPath}>
            <input
              data-testid="profile-socket"
              value={form.socketPath}
              placeholder="/run/mysqld/mysqld.sock"
              onChange={(e) => change({ socketPath: e.target.value })}
            />
          </Field>
        )}
        <Field label="User" name="user" error={errors.user}>
          <input
            data-testid="profile-user"
            value={form.user}
            onChange={(e) => change({ user: e.target.value })}
          />
        </Field>
        <Field label="Database" name="database" error={errors.database} hint="optional">
          <input
            data-testid="profile-database"
            value={form.database}
            onChange={(e) => change({ database: e.target.value })}
          />
        </Field>
        <Field label="TLS" name="tls">
          <select
            data-testid="profile-tls-mode"
            value={form.tls}
            onChange={(e) => change({ tls: e.target.value as TlsChoice })}
          >
            <option value="off">off</option>
            <option value="preferred">preferred (use it if the server offers it)</option>
            <option value="required">required (encrypt, do not verify)</option>
            <option value="verify">verify the server certificate</option>
          </select>
        </Field>
        {form.tls === 'verify' && (
          <>
            <Field
              label="CA certificate (PEM path)"
              name="caPath"
              error={errors.caPath}
              hint="blank: the system's CAs"
            >
              <input
                data-testid="profile-tls-ca"
                value={form.caPath}
                onChange={(e) => change({ caPath: e.target.value })}
              />
            </Field>
            <label className="check">
              <input
                type="checkbox"
                data-testid="profile-tls-verify-identity"
                checked={form.verifyIdentity}
                onChange={(e) => change({ verifyIdentity: e.target.checked })}
              />
              verify identity (the certificate names this host)
            </label>
          </>
        )}
        <label className="check">
          <input
            type="checkbox"
            data-testid="profile-production"
            checked={form.production}
            onChange={(e) => change({ production: e.target.checked })}
          />
          production server (bplab changes no global setting there and asks before walking the LRU)
        </label>
        <Field
          label="Password"
          name="password"
          hint={
            saved && saved.password !== 'none'
              ? 'blank: keep the one bplab has'
              : 'kept in memory for this session'
          }
        >
          <input
            type="password"
            autoComplete="off"
            data-testid="profile-password"
            value={form.password}
            onChange={(e) => change({ password: e.target.value })}
          />
        </Field>
        {passwordPersistence === 'encrypted' && (
          <label className="check">
            <input
              type="checkbox"
              data-testid="profile-remember"
              checked={form.rememberPassword}
              onChange={(e) => change({ rememberPassword: e.target.checked })}
            />
            remember the password (encrypted by the OS keychain)
          </label>
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
