import { describe, expect, it } from 'vitest';
import type { ConnectionProfile } from '../../../src/shared/models';
import {
  draftFromForm,
  emptyProfileForm,
  formFromProfile,
  testResultRows,
  type ProfileForm,
} from '../../../src/renderer/features/connections/utils/profile-form';

const form = (patch: Partial<ProfileForm>): ProfileForm => ({ ...emptyProfileForm(), name: 'lab', ...patch });

describe('draftFromForm', () => {
  it('turns a TCP form into a draft, without the socket fields', () => {
    const checked = draftFromForm(form({ host: ' db1 ', port: '33061', database: '', user: 'root' }));
    expect(checked).toEqual({
      ok: true,
      draft: {
        name: 'lab',
        transport: 'tcp',
        host: 'db1',
        port: 33061,
        user: 'root',
        database: undefined,
        tls: { mode: 'off' },
      },
    });
  });

  it('says a TCP profile needs a host', () => {
    const checked = draftFromForm(form({ host: '  ' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.host).toBe('a TCP profile needs a host');
  });

  it('says a socket profile needs a socket path', () => {
    const checked = draftFromForm(form({ transport: 'socket', socketPath: '' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.socketPath).toBe('a socket profile needs a socket path');
  });

  it('reports every problem at once, the missing host included', () => {
    const checked = draftFromForm(form({ name: '', host: '', port: 'abc', user: '' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors).toEqual({
        name: 'a name is required',
        host: 'a TCP profile needs a host',
        port: 'the port is a number from 1 to 65535',
        user: 'a user is required',
      });
  });

  it('checks the port, the name and the user in words', () => {
    for (const port of ['abc', '0', '70000', '-1']) {
      const checked = draftFromForm(form({ port }));
      expect(checked.ok, port).toBe(false);
      if (!checked.ok) expect(checked.errors.port).toBe('the port is a number from 1 to 65535');
    }
    const blank = draftFromForm(form({ name: ' ', user: '' }));
    expect(blank.ok).toBe(false);
    if (!blank.ok)
      expect(blank.errors).toMatchObject({ name: 'a name is required', user: 'a user is required' });
  });

  it('maps the TLS choice and the identity check to the contract modes', () => {
    const identity = draftFromForm(form({ tls: 'verify', caPath: '/etc/ca.pem', verifyIdentity: true }));
    const caOnly = draftFromForm(form({ tls: 'verify', caPath: '', verifyIdentity: false }));
    const required = draftFromForm(form({ tls: 'required', caPath: '/ignored.pem' }));
    expect(identity.ok && identity.draft.tls).toEqual({ mode: 'verify-identity', caPath: '/etc/ca.pem' });
    expect(caOnly.ok && caOnly.draft.tls).toEqual({ mode: 'verify-ca' });
    expect(required.ok && required.draft.tls).toEqual({ mode: 'required' });
  });

  it('carries the production mark into the draft, and leaves it out when unticked', () => {
    const marked = draftFromForm(form({ production: true }));
    const plain = draftFromForm(form({ production: false }));
    expect(marked.ok && marked.draft.production).toBe(true);
    expect(plain.ok && 'production' in plain.draft).toBe(false);
  });

  it('never puts the typed password into the draft', () => {
    const checked = draftFromForm(form({ password: 's3cret' }));
    expect(JSON.stringify(checked)).not.toContain('s3cret');
  });
});

describe('formFromProfile', () => {
  it('round-trips a saved profile through the form', () => {
    const profile: ConnectionProfile = {
      id: 'lab',
      name: 'Lab',
      transport: 'tcp',
      host: '127.0.0.1',
      port: 33062,
      user: 'bench',
      database: 'ssb',
      tls: { mode: 'verify-ca', caPath: '/ca.pem' },
    };
    const f = formFromProfile(profile);
    expect(f).toMatchObject({ id: 'lab', port: '33062', tls: 'verify', verifyIdentity: false, password: '' });
    const back = draftFromForm(f);
    expect(back.ok && back.draft).toEqual({
      id: 'lab',
      name: 'Lab',
      transport: 'tcp',
      host: '127.0.0.1',
      port: 33062,
      user: 'bench',
      database: 'ssb',
      tls: { mode: 'verify-ca', caPath: '/ca.pem' },
    });
  });
});

describe('testResultRows', () => {
  it('shows the server, the round trip and TLS in words', () => {
    const rows = testResultRows({
      serverVersion: '10.11.19-MariaDB-0+deb12u1',
      flavor: 'mariadb',
      roundTripMs: 0.731,
      tls: { active: true, cipher: 'TLS_AES_256_GCM_SHA384' },
      currentUser: 'root@localhost',
    });
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Server', 'MariaDB 10.11.19'],
      ['@@version', '10.11.19-MariaDB-0+deb12u1'],
      ['Round trip', '0.73 ms'],
      ['TLS', 'on (TLS_AES_256_GCM_SHA384)'],
      ['Connected as', 'root@localhost'],
    ]);
  });
});
