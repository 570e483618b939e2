/**
 * TLS settings of a profile against a real server configured with certificates made here: a private
 * CA, a server certificate naming localhost and 127.0.0.1, and a client certificate. The server is a
 * sandbox of this run's flavor (bplab's own SandboxService), removed afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { ConnectionService } from '../../src/main/db/connections';
import { ProfileStore } from '../../src/main/profiles/profile-store';
import { SessionSecretStore } from '../../src/main/profiles/secrets';
import type { ProfileDraft, SandboxInfo } from '../../src/shared/models';
import { testServer } from '../support/test-server';
import { failureOf } from '../support/failures';

const server = testServer();
const root = join(server.scratchDir, 'tls-tests');
const certs = join(root, 'certs');
const X509_USER = 'bplab_it_x509';
const sandboxes = new SandboxService({ root: join(root, 'sandboxes'), templates: server.templatesDir });
const profiles = new ProfileStore(join(root, 'data'));
const connections = new ConnectionService({
  profiles,
  secrets: new SessionSecretStore({}),
  connectTimeoutMs: 5000,
});
let sandbox: SandboxInfo;
/** What the server's TLS library speaks: MySQL 5.7.22 community builds (yaSSL) stop at TLS 1.1. */
let tlsVersions = '';
let haveSsl = '';

const pem = (name: string) => join(certs, name);

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: certs, stdio: 'pipe' });
}

/** A CA, a server certificate for localhost / 127.0.0.1, a client certificate, and an unrelated CA. */
function makeCertificates(): void {
  mkdirSync(certs, { recursive: true });
  const subj = (cn: string) => ['-subj', `/CN=${cn}`];
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
    '-days',
    '2',
    ...subj('bplab test CA'),
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'other-key.pem',
    '-out',
    'other-ca.pem',
    '-days',
    '2',
    ...subj('unrelated CA'),
  );
  writeFileSync(pem('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  // A v3 client certificate: WolfSSL (MariaDB 11.4's TLS library) refuses a v1 one as a bad certificate.
  writeFileSync(pem('client.ext'), 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n');
  for (const [name, ext] of [
    ['server', ['-extfile', 'server.ext']],
    ['client', ['-extfile', 'client.ext']],
  ] as const) {
    // PKCS#1 keys ("BEGIN RSA PRIVATE KEY"): the old TLS library of MySQL 5.7 reads no other form.
    openssl('genrsa', '-traditional', '-out', `${name}-key.pem`, '2048');
    openssl(
      'req',
      '-new',
      '-key',
      `${name}-key.pem`,
      '-out',
      `${name}.csr`,
      ...subj(name === 'server' ? 'localhost' : 'bplab client'),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-CAcreateserial',
      '-out',
      `${name}-cert.pem`,
      '-days',
      '2',
      ...ext,
    );
  }
}

function profile(name: string, extra: Partial<ProfileDraft>): string {
  return profiles.save({
    name,
    transport: 'tcp',
    host: '127.0.0.1',
    port: sandbox.port,
    user: 'root',
    ...extra,
  }).id;
}

beforeAll(async () => {
  makeCertificates();
  sandbox = await sandboxes.create({
    name: 'it-tls',
    binaryPath: server.binaryPath,
    bufferPoolSize: '64M',
    options: {
      'ssl-ca': pem('ca.pem'),
      'ssl-cert': pem('server-cert.pem'),
      'ssl-key': pem('server-key.pem'),
    },
  });
  const admin = await createConnection({ ...sandboxes.connectionOptions(sandbox) });
  try {
    const [rows] = await admin.query(
      "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('tls_version', 'have_ssl')",
    );
    const value = (name: string) =>
      String(
        (rows as Array<{ Variable_name: string; Value: string }>).find((r) => r.Variable_name === name)
          ?.Value,
      );
    tlsVersions = value('tls_version');
    // have_ssl is gone from MySQL 8.4 (9.7 here): there the certificate it loaded says it took them.
    const [status] = await admin.query("SHOW GLOBAL STATUS LIKE 'Current_tls_cert'");
    const loaded = (status as Array<{ Value: string }>)[0]?.Value;
    haveSsl = value('have_ssl') !== 'undefined' ? value('have_ssl') : loaded ? 'YES' : 'NO';
    await admin.query(`CREATE USER '${X509_USER}'@'localhost' REQUIRE X509`);
    await admin.query(`CREATE USER '${X509_USER}'@'127.0.0.1' REQUIRE X509`);
  } finally {
    await admin.end();
  }
});

afterAll(async () => {
  if (sandbox) await sandboxes.delete(sandbox.id);
});

describe('TLS against a server with its own CA', () => {
  // Node's TLS library refuses TLS 1.0/1.1, all that the 5.7.22 community build speaks.
  const modern = () => /TLSv1\.[23]/.test(tlsVersions);

  it('has a server that took the certificates', () => {
    expect(haveSsl).toBe('YES');
    expect(tlsVersions).toMatch(/TLSv1/);
  });

  it('verifies the CA, and the identity by name and by IP address', async () => {
    const caPath = pem('ca.pem');
    const ids = [
      profile('tls verify-ca', { tls: { mode: 'verify-ca', caPath } }),
      profile('tls identity by ip', { tls: { mode: 'verify-identity', caPath } }),
      profile('tls identity by name', { host: 'localhost', tls: { mode: 'verify-identity', caPath } }),
      profile('tls required', { tls: { mode: 'required' } }),
    ];
    for (const id of ids) {
      if (modern()) {
        const result = await connections.test(id);
        expect(result.tls.active, id).toBe(true);
        expect(result.tls.cipher, id).toBeTruthy();
      } else {
        const f = await failureOf(connections.test(id));
        expect(f.error.code, id).toBe('TLS_FAILED');
        expect(f.error.hint, id).toMatch(/TLS 1\.2/);
      }
    }
  });

  it('refuses a server certificate from another CA', async () => {
    const f = await failureOf(
      connections.test(profile('tls wrong ca', { tls: { mode: 'verify-ca', caPath: pem('other-ca.pem') } })),
    );
    expect(f.error.code).toBe('TLS_FAILED');
    if (modern()) expect(f.error.hint).toMatch(/CA/);
  });

  it('logs in a REQUIRE X509 user only with the client certificate and key', async () => {
    const caPath = pem('ca.pem');
    const without = profile('x509 without cert', { user: X509_USER, tls: { mode: 'verify-ca', caPath } });
    const withCert = profile('x509 with cert', {
      user: X509_USER,
      tls: { mode: 'verify-ca', caPath, certPath: pem('client-cert.pem'), keyPath: pem('client-key.pem') },
    });
    if (!modern()) {
      expect((await failureOf(connections.test(withCert))).error.code).toBe('TLS_FAILED');
      return;
    }
    // The server only says "access denied": with no password known, bplab asks for one and says why it may not help.
    const asked = await failureOf(connections.test(without));
    expect(asked.error.code).toBe('PASSWORD_REQUIRED');
    expect(asked.error.hint).toMatch(/REQUIRE X509/);
    expect((await failureOf(connections.test(without, ''))).error.code).toBe('AUTH_FAILED');
    const result = await connections.test(withCert);
    expect(result.currentUser).toMatch(new RegExp(`^${X509_USER}@`));
    expect(result.tls.active).toBe(true);
  });
});
