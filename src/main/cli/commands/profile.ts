/** `bplab profile add/list/remove`: remote servers from the command line; a password is never an argument. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TlsModeSchema, type ProfileDraft, type TlsMode } from '../../../shared/models';
import { AppFailure } from '../../../shared/result';
import { passwordEnvName } from '../../profiles/secrets';
import { portArg, requiredArg, schemaArg } from '../args';
import { call, dataDirOption, defineCommand, type CliContext } from '../command';
import { withPassword } from '../password-prompt';

const addUsage =
  'bplab profile add NAME (--host HOST [--port N] | --socket PATH) --user USER [--database DB] ' +
  '[--tls off|preferred|required|verify-ca|verify-identity] [--ca FILE] [--cert FILE --key FILE] ' +
  '[--production] [--no-test] [--data-dir DIR]';

const NO_PASSWORD_ARGUMENT =
  'bplab never takes a password as an argument (it would stay in your shell history and in ps)';

/** A PEM file bplab can read, described in words when it is not one (never echoed). */
function pemFile(flag: string, path: string): string {
  const full = resolve(path);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : 'it cannot be read';
    throw AppFailure.of('INVALID_ARGUMENT', `${flag} ${full}: ${why}`);
  }
  if (!/-----BEGIN [A-Z0-9 ]+-----/.test(text))
    throw AppFailure.of(
      'INVALID_ARGUMENT',
      `${flag} ${full} is not a PEM file (no "-----BEGIN ...-----" line)`,
      {
        hint: 'give the certificate or key as PEM text, as the server side writes it',
      },
    );
  return full;
}

function tlsMode(text: string | undefined): TlsMode {
  if (text === undefined) return 'off';
  return schemaArg('--tls', text, TlsModeSchema);
}

export const profileAddCommand = defineCommand({
  name: 'profile add',
  summary:
    'save a connection to a server (TLS options included); its password comes from a prompt or the environment',
  usage: addUsage,
  positionals: true,
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    socket: { type: 'string' },
    user: { type: 'string' },
    database: { type: 'string' },
    tls: { type: 'string' },
    ca: { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
    production: { type: 'boolean' },
    'no-test': { type: 'boolean' },
    // Declared only to refuse it in words, before anything is saved.
    password: { type: 'string' },
    ...dataDirOption,
  },
  async run({ values, positionals }, ctx) {
    if (values.password !== undefined)
      throw AppFailure.of('INVALID_ARGUMENT', `--password is refused: ${NO_PASSWORD_ARGUMENT}`, {
        hint: 'set BPLAB_PASSWORD_<PROFILE> (or BPLAB_PASSWORD) in the environment, or answer the prompt',
      });
    if (positionals.length !== 1)
      throw AppFailure.of('INVALID_ARGUMENT', 'name exactly one profile', { hint: `usage: ${addUsage}` });
    if (values.host !== undefined && values.socket !== undefined)
      throw AppFailure.of('INVALID_ARGUMENT', 'give --host or --socket, not both');
    if (values.host === undefined && values.socket === undefined)
      throw AppFailure.of('INVALID_ARGUMENT', 'say where the server is: --host HOST or --socket PATH');
    if ((values.cert === undefined) !== (values.key === undefined))
      throw AppFailure.of('INVALID_ARGUMENT', 'a client certificate needs both --cert and --key');
    const mode = tlsMode(values.tls);
    if (mode === 'off' && (values.ca || values.cert))
      throw AppFailure.of('INVALID_ARGUMENT', '--ca, --cert and --key need --tls (e.g. --tls verify-ca)');
    const draft: ProfileDraft = {
      name: positionals[0]!,
      transport: values.socket !== undefined ? 'socket' : 'tcp',
      user: requiredArg('--user', values.user, 'the MySQL user to log in as'),
      tls: {
        mode,
        ...(values.ca !== undefined ? { caPath: pemFile('--ca', values.ca) } : {}),
        ...(values.cert !== undefined ? { certPath: pemFile('--cert', values.cert) } : {}),
        ...(values.key !== undefined ? { keyPath: pemFile('--key', values.key) } : {}),
      },
      ...(values.host !== undefined ? { host: values.host } : {}),
      ...(values.port !== undefined ? { port: portArg('--port', values.port) } : {}),
      ...(values.socket !== undefined ? { socketPath: resolve(values.socket) } : {}),
      ...(values.database !== undefined ? { database: values.database } : {}),
      ...(values.production ? { production: true } : {}),
    };
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const saved = await call(app, 'profiles/save', { draft });
    ctx.out(`saved profile ${saved.id}: ${where(saved)}`);
    if (values['no-test']) return 0;
    return testSaved(app, ctx, saved.id);
  },
});

/** Tests the new profile with a password from the environment or the prompt; none is saved by the CLI. */
async function testSaved(app: Awaited<ReturnType<CliContext['openApp']>>, ctx: CliContext, id: string) {
  try {
    const r = await withPassword(id, (password) =>
      call(app, 'connections/test', { profileId: id, ...(password !== undefined ? { password } : {}) }),
    );
    ctx.out(
      `connected: ${r.flavor} ${r.serverVersion} as ${r.currentUser}, TLS ${r.tls.active ? (r.tls.cipher ?? 'on') : 'off'}`,
    );
    ctx.err(
      `bplab: no password is saved; give it again with ${passwordEnvName(id)} (or BPLAB_PASSWORD) or at the prompt`,
    );
    return 0;
  } catch (e) {
    if (!(e instanceof AppFailure)) throw e;
    ctx.err(`bplab: the profile is saved, but connecting failed: ${e.error.message}`);
    if (e.error.hint) ctx.err(`  ${e.error.hint}`);
    return 1;
  }
}

function where(p: {
  transport: string;
  host?: string;
  port?: number;
  socketPath?: string;
  user: string;
  tls: { mode: string };
}) {
  const at = p.transport === 'tcp' ? `${p.host}:${p.port ?? 3306}` : p.socketPath;
  return `${p.user}@${at}, TLS ${p.tls.mode}`;
}

export const profileListCommand = defineCommand({
  name: 'profile list',
  summary: 'list saved connections: where, who, TLS, and whether this shell gives a password',
  usage: 'bplab profile list [--data-dir DIR]',
  options: { ...dataDirOption },
  async run({ values }, ctx) {
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const listing = await call(app, 'profiles/list', {});
    if (listing.loadError) ctx.err(`bplab: ${listing.loadError.message}`);
    if (listing.profiles.length === 0)
      ctx.err('bplab: no profiles yet (bplab profile add NAME --host HOST --user USER)');
    for (const p of listing.profiles) {
      const tls = [p.tls.caPath && `CA ${p.tls.caPath}`, p.tls.certPath && `cert ${p.tls.certPath}`]
        .filter(Boolean)
        .join(', ');
      const password =
        p.password === 'none' ? `no password (${passwordEnvName(p.id)})` : 'password from the environment';
      const marks = [p.sandboxId && 'sandbox', p.production && 'production'].filter(Boolean).join(', ');
      ctx.out(`${p.id}\t${where(p)}${tls ? ` (${tls})` : ''}\t${password}${marks ? `\t${marks}` : ''}`);
    }
    return 0;
  },
});

export const profileRemoveCommand = defineCommand({
  name: 'profile remove',
  summary: 'remove a saved connection (a sandbox keeps its own: delete the sandbox instead)',
  usage: 'bplab profile remove ID [--data-dir DIR]',
  positionals: true,
  options: { ...dataDirOption },
  async run({ values, positionals }, ctx) {
    if (positionals.length !== 1 || !positionals[0])
      throw AppFailure.of('INVALID_ARGUMENT', 'name exactly one profile', {
        hint: 'usage: bplab profile remove ID',
      });
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const r = await call(app, 'profiles/delete', { id: positionals[0] });
    ctx.out(`removed profile ${r.deleted}`);
    return 0;
  },
});
