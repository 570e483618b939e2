/**
 * The bplab command line against this run's real server: what a user sees for good input and
 * for each kind of bad input (one "bplab: ..." line in words, exit code 1, nothing lost).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/main/sandbox/ports';
import { testServer } from '../support/test-server';

const server = testServer();
const cli = resolve('dist/main/cli.cjs');

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function bplab(home: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...withoutPasswords(process.env), BPLAB_HOME: home, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => done({ code, out, err }));
  });
}

function withoutPasswords(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('BPLAB_PASSWORD')));
}

function profile(id: string, port: number, user: string) {
  return { id, name: id, transport: 'tcp', host: server.host, port, user, tls: { mode: 'off' } };
}

describe(`bplab CLI on ${server.label}`, () => {
  let home: string;
  const secretUser = 'bplab_cli_pw';
  const secret = 'S3cret-cli-pw';

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('dist/main/cli.cjs is missing: run npm run build first');
    home = mkdtempSync(join(server.scratchDir, 'cli-'));
    const admin = await createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
    });
    await admin.query(`DROP USER IF EXISTS '${secretUser}'@'%'`);
    await admin.query(`CREATE USER '${secretUser}'@'%' IDENTIFIED BY '${secret}'`);
    await admin.end();
    writeFileSync(
      join(home, 'profiles.json'),
      JSON.stringify([profile('it', server.port, server.user), profile('pw', server.port, secretUser)]),
    );
  });
  afterAll(async () => {
    const admin = await createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
    });
    await admin.query(`DROP USER IF EXISTS '${secretUser}'@'%'`);
    await admin.end();
  });

  it('prints the capability report of a saved profile', async () => {
    const r = await bplab(home, ['capabilities', '--profile', 'it']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`server      ${server.flavor} ${server.version}`);
    expect(r.out).toMatch(/innodb_old_blocks_time=\d+/);
  });

  it('a password from the environment works; a wrong one is refused in words, and is not echoed', async () => {
    const good = await bplab(home, ['connect', '--profile', 'pw'], { BPLAB_PASSWORD_PW: secret });
    expect(good.code).toBe(0);
    expect(good.out).toContain(`as ${secretUser}@`);
    const bad = await bplab(home, ['connect', '--profile', 'pw'], { BPLAB_PASSWORD_PW: 'wrong-pw-123' });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^bplab: .*(password|denied)/im);
    expect(bad.err + bad.out).not.toContain('wrong-pw-123');
    const none = await bplab(home, ['connect', '--profile', 'pw']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('BPLAB_PASSWORD_PW');
  });

  it('an unreachable port and a port that is not a MySQL server', async () => {
    const closed = await freePort();
    const notMysql: Server = createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const notMysqlPort = await freePort();
    await new Promise<void>((r) => notMysql.listen(notMysqlPort, '127.0.0.1', r));
    try {
      const profiles = JSON.parse(readFileSync(join(home, 'profiles.json'), 'utf8')) as unknown[];
      writeFileSync(
        join(home, 'profiles.json'),
        JSON.stringify([
          ...profiles,
          profile('closed', closed, 'root'),
          profile('http', notMysqlPort, 'root'),
        ]),
      );
      const r1 = await bplab(home, ['connect', '--profile', 'closed']);
      expect(r1.code).toBe(1);
      expect(r1.err).toContain(`127.0.0.1:${closed}`);
      const r2 = await bplab(home, ['connect', '--profile', 'http']);
      expect(r2.code).toBe(1);
      expect(r2.err).toMatch(/not as a MySQL or MariaDB server/);
    } finally {
      notMysql.close();
    }
  });

  it('a malformed profiles file is reported and left as it was', async () => {
    const bad = mkdtempSync(join(server.scratchDir, 'cli-bad-'));
    const text = '[{"id": "x", "name": "broken"';
    writeFileSync(join(bad, 'profiles.json'), text);
    const r = await bplab(bad, ['connect', '--profile', 'x']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${join(bad, 'profiles.json')} could not be read`);
    expect(readFileSync(join(bad, 'profiles.json'), 'utf8')).toBe(text);
  });

  it('a missing server binary and a port already taken, for a sandbox', async () => {
    const r1 = await bplab(home, ['sandbox', 'create', 'nobin', '--binary', '/no/such/mysqld']);
    expect(r1.code).toBe(1);
    expect(r1.err).toContain('There is no server binary at /no/such/mysqld');
    const r2 = await bplab(home, [
      'sandbox',
      'create',
      'taken',
      '--binary',
      server.binaryPath,
      '--port',
      String(server.port),
    ]);
    expect(r2.code).toBe(1);
    expect(r2.err).toContain(`Port ${server.port} on 127.0.0.1 is already in use`);
    const list = await bplab(home, ['sandbox', 'list']);
    expect(list.out).toBe('');
  });

  it('refuses, in CLI terms and before any start, the options bplab owns and sizes the server cannot take', async () => {
    const create = (...args: string[]) =>
      bplab(home, ['sandbox', 'create', 'iso', '--binary', server.binaryPath, ...args]);
    const bind = await create('--option', 'bind-address=0.0.0.0');
    expect(bind.code).toBe(1);
    expect(bind.err).toContain(
      'bplab: --option bind-address=0.0.0.0 is refused: bind-address is set by bplab itself: a sandbox listens on 127.0.0.1 only',
    );
    const datadir = await create('--option', 'loose_datadir=/elsewhere');
    expect(datadir.code).toBe(1);
    expect(datadir.err).toContain(
      'bplab: --option loose_datadir=/elsewhere is refused: loose_datadir is datadir',
    );
    const huge = await create('--buffer-pool', '999T');
    expect(huge.code).toBe(1);
    expect(huge.err).toMatch(
      /bplab: --buffer-pool 999T: Sandbox "iso" cannot be created: a buffer pool of 999T is more than this machine's memory/,
    );
    const tiny = await create('--buffer-pool', '1K');
    expect(tiny.code).toBe(1);
    expect(tiny.err).toContain(
      `bplab: --buffer-pool 1K: Sandbox "iso" cannot be created: a buffer pool of 1K is below ${server.flavor === 'mariadb' ? 'MariaDB' : 'MySQL'} ${server.version}'s minimum innodb_buffer_pool_size of ${server.flavor === 'mariadb' ? '6M' : '5M'}`,
    );
    const unit = await create('--buffer-pool', '2X');
    expect(unit.err).toContain(
      '--buffer-pool must be a whole number of bytes, or a number with a unit K, M, G or T',
    );
    expect(existsSync(join(home, 'sandboxes', 'iso'))).toBe(false);
  });

  it('a first start the server refuses leaves no sandbox behind, and says why', async () => {
    const r = await bplab(home, [
      'sandbox',
      'create',
      'dies',
      '--binary',
      server.binaryPath,
      '--buffer-pool',
      '32M',
      '--option',
      'no-such-option-xyz=1',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /bplab: Sandbox "dies" did not start: the server said: .*unknown variable 'no-such-option-xyz=1'\. The sandbox was removed\./,
    );
    expect(existsSync(join(home, 'sandboxes', 'dies'))).toBe(false);
    expect((await bplab(home, ['sandbox', 'list'])).out).toBe('');
  });

  it('checks --sf in CLI terms: 0 and negative numbers are values out of range, not flags', async () => {
    for (const sf of ['0', '-1']) {
      const r = await bplab(home, ['ssb', 'generate', '--sf', sf, '--profile', 'it']);
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        `bplab: --sf must be a number above 0 and at most 1,000, not "${sf}" (the SSB scale factor: SF 1 is 6,001,171 lineorder rows)\n`,
      );
    }
  });

  it('a wrong command line gets its usage and exit code 2', async () => {
    const r = await bplab(home, ['sandbox', 'create', 'x', '--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('usage: bplab sandbox create');
  });

  it('checks a sandbox NAME by its rule before saying it creates anything', async () => {
    const r = await bplab(home, [
      'sandbox',
      'create',
      "x'; DROP DATABASE y; --",
      '--binary',
      server.binaryPath,
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `bplab: the sandbox NAME must be letters, digits, dot, dash and underscore; at most 40 characters, not "x'; DROP DATABASE y; --"\n`,
    );
  });

  it('describes a binary or non-JSON file given to run, compare or report, never echoing it', async () => {
    const binary = join(home, 'mysqld.json');
    writeFileSync(binary, readFileSync(server.binaryPath).subarray(0, 4096));
    const text = join(home, 'notes.bplab.json');
    writeFileSync(text, 'hello world, not a results file\n');
    const results = 'is not a bplab results file';
    // run answers a bad file as a bad command line (exit 2, with its usage); the others exit 1.
    const cases: Array<[string[], string, number?]> = [
      [['run', binary], `bplab: ${binary} is not a valid experiment file: it is binary, not JSON text.`, 2],
      [['compare', binary], `bplab: ${binary} ${results}: it is binary, not JSON text.`],
      [
        ['report', binary, '--md', join(home, 'r.md')],
        `bplab: ${binary} ${results}: it is binary, not JSON text.`,
      ],
      [['compare', text], `bplab: ${text} ${results}: it is not JSON.`],
    ];
    for (const [args, said, code = 1] of cases) {
      const r = await bplab(home, args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err.startsWith(`${said} (`), `${args.join(' ')}: ${r.err}`).toBe(true);
      expect(r.err).not.toContain('ELF');
      expect(r.err).not.toContain('hello');
    }
  });

  it('profile add/list/remove: TLS options, the password from the environment, never an argument, never written', async () => {
    const h = mkdtempSync(join(server.scratchDir, 'cli-profile-'));
    const at = ['--host', server.host, '--port', String(server.port), '--user', secretUser];
    const refused = await bplab(h, ['profile', 'add', 'remote', ...at, '--password', secret]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^bplab: --password is refused: bplab never takes a password as an argument/);
    expect(refused.err).not.toContain(secret);
    expect(existsSync(join(h, 'profiles.json'))).toBe(false);

    const bin = join(h, 'ca.bin');
    writeFileSync(bin, readFileSync(server.binaryPath).subarray(0, 2048));
    const badCa = await bplab(h, ['profile', 'add', 'remote', ...at, '--tls', 'verify-ca', '--ca', bin]);
    expect(badCa.code).toBe(1);
    expect(badCa.err.split('\n')[0]).toBe(
      `bplab: --ca ${bin} is not a PEM file (no "-----BEGIN ...-----" line) (give the certificate or key as PEM text, as the server side writes it)`,
    );
    const badMode = await bplab(h, ['profile', 'add', 'remote', ...at, '--tls', 'sometimes']);
    expect(badMode.err).toBe(
      'bplab: --tls must be one of "off", "preferred", "required", "verify-ca", "verify-identity", not "sometimes"\n',
    );
    // No password anywhere, and no terminal to ask at: saved, and told how to give one.
    const noPassword = await bplab(h, ['profile', 'add', 'remote', ...at]);
    expect(noPassword.code).toBe(1);
    expect(noPassword.out).toBe(
      `saved profile remote: ${secretUser}@${server.host}:${server.port}, TLS off\n`,
    );
    expect(noPassword.err).toContain('set BPLAB_PASSWORD_REMOTE (or BPLAB_PASSWORD) in the environment');
    expect((await bplab(h, ['profile', 'remove', 'remote'])).out).toBe('removed profile remote\n');

    const added = await bplab(h, ['profile', 'add', 'remote', ...at, '--tls', 'preferred'], {
      BPLAB_PASSWORD: secret,
    });
    expect(added.code, added.err).toBe(0);
    expect(added.out).toContain(
      `saved profile remote: ${secretUser}@${server.host}:${server.port}, TLS preferred\n`,
    );
    expect(added.out).toMatch(new RegExp(`connected: ${server.flavor} .* as ${secretUser}@`));
    const ca = join(h, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const withCa = await bplab(h, [
      'profile',
      'add',
      'remote',
      ...at,
      '--tls',
      'verify-ca',
      '--ca',
      ca,
      '--no-test',
    ]);
    expect(withCa.out).toBe(
      `saved profile remote-2: ${secretUser}@${server.host}:${server.port}, TLS verify-ca\n`,
    );

    const list = await bplab(h, ['profile', 'list']);
    expect(list.out).toContain(
      `remote\t${secretUser}@${server.host}:${server.port}, TLS preferred\tno password (BPLAB_PASSWORD_REMOTE)`,
    );
    expect(list.out).toContain(
      `remote-2\t${secretUser}@${server.host}:${server.port}, TLS verify-ca (CA ${ca})`,
    );
    const saved = JSON.parse(readFileSync(join(h, 'profiles.json'), 'utf8')) as Array<{ tls: object }>;
    expect(saved.map((p) => p.tls)).toEqual([{ mode: 'preferred' }, { mode: 'verify-ca', caPath: ca }]);
    for (const f of readdirSync(h, { recursive: true }) as string[])
      if (statSync(join(h, f)).isFile()) expect(readFileSync(join(h, f), 'utf8'), f).not.toContain(secret);

    expect((await bplab(h, ['profile', 'remove', 'remote'])).out).toBe('removed profile remote\n');
    expect((await bplab(h, ['profile', 'list'])).out).not.toMatch(/^remote\t/m);
  });
});
