/**
 * The connection editor's view-model: the form as the user types it (all strings), to and from the
 * contract's ProfileDraft, with the validation messages shown under each field. The shared
 * ConnectionProfileSchema decides what is valid, so main and the page agree.
 */
import {
  ConnectionProfileSchema,
  type ConnectionProfile,
  type ConnectionTestResult,
  type ProfileDraft,
} from '../../../../shared/models';
import { flavorLabel, formatMs } from '../../../../shared/format';

export type TlsChoice = 'off' | 'preferred' | 'required' | 'verify';

export interface ProfileForm {
  id?: string;
  name: string;
  transport: 'tcp' | 'socket';
  host: string;
  port: string;
  socketPath: string;
  user: string;
  database: string;
  tls: TlsChoice;
  caPath: string;
  /** With tls 'verify': also check that the certificate names the host. */
  verifyIdentity: boolean;
  password: string;
  rememberPassword: boolean;
  /** A production server: bplab changes no global setting there and asks before walking the LRU. */
  production: boolean;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileForm, string>>;

export function emptyProfileForm(): ProfileForm {
  return {
    name: '',
    transport: 'tcp',
    host: '127.0.0.1',
    port: '3306',
    socketPath: '',
    user: 'root',
    database: '',
    tls: 'off',
    caPath: '',
    verifyIdentity: true,
    password: '',
    rememberPassword: false,
    production: false,
  };
}

export function formFromProfile(profile: ConnectionProfile): ProfileForm {
  const mode = profile.tls?.mode ?? 'off';
  return {
    id: profile.id,
    name: profile.name,
    transport: profile.transport,
    host: profile.host ?? '',
    port: profile.port === undefined ? '' : String(profile.port),
    socketPath: profile.socketPath ?? '',
    user: profile.user,
    database: profile.database ?? '',
    tls: mode === 'verify-ca' || mode === 'verify-identity' ? 'verify' : mode,
    caPath: profile.tls?.caPath ?? '',
    verifyIdentity: mode !== 'verify-ca',
    password: '',
    rememberPassword: false,
    production: profile.production === true,
  };
}

export type DraftCheck = { ok: true; draft: ProfileDraft } | { ok: false; errors: ProfileFormErrors };

export function draftFromForm(form: ProfileForm): DraftCheck {
  const errors: ProfileFormErrors = {};
  const port = form.port.trim();
  const portIsNumber = /^\d+$/.test(port);
  if (form.transport === 'tcp' && port !== '' && !portIsNumber)
    errors.port = 'the port is a number from 1 to 65535';
  if (form.name.trim() === '') errors.name = 'a name is required';
  if (form.user.trim() === '') errors.user = 'a user is required';
  const tlsMode = form.tls === 'verify' ? (form.verifyIdentity ? 'verify-identity' : 'verify-ca') : form.tls;
  const draft: ProfileDraft = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name.trim(),
    transport: form.transport,
    ...(form.transport === 'tcp'
      ? { host: form.host.trim() || undefined, port: portIsNumber ? Number(port) : undefined }
      : { socketPath: form.socketPath.trim() || undefined }),
    user: form.user.trim(),
    database: form.database.trim() || undefined,
    tls: {
      mode: tlsMode,
      ...(form.tls === 'verify' && form.caPath.trim() ? { caPath: form.caPath.trim() } : {}),
    },
    ...(form.production ? { production: true } : {}),
  };
  // zod checks the cross-field rules (host, socket path) only once every field parses: stand in for
  // the fields already reported, so all the problems show at once.
  const checked = ConnectionProfileSchema.safeParse({
    ...draft,
    id: 'draft',
    name: errors.name ? 'x' : draft.name,
    user: errors.user ? 'x' : draft.user,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = messageFor(field, issue.message);
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, draft };
}

const FIELD_OF: Record<string, keyof ProfileForm> = {
  name: 'name',
  host: 'host',
  port: 'port',
  socketPath: 'socketPath',
  user: 'user',
  database: 'database',
  tls: 'caPath',
};

/** zod's own words for ranges and lengths are too generic; say what the field needs. */
function messageFor(field: keyof ProfileForm, message: string): string {
  if (field === 'port') return 'the port is a number from 1 to 65535';
  if (field === 'database') return 'a database name has at most 64 characters';
  if (field === 'name' && !message.includes('required')) return 'a name has at most 80 characters';
  return message;
}

export interface TestResultRow {
  label: string;
  value: string;
  testId: string;
}

/** What "Test connection" shows when it worked. */
export function testResultRows(result: ConnectionTestResult): TestResultRow[] {
  return [
    {
      label: 'Server',
      value: `${flavorLabel(result.flavor)} ${versionNumber(result.serverVersion)}`,
      testId: 'test-result-version',
    },
    { label: '@@version', value: result.serverVersion, testId: 'test-result-version-string' },
    { label: 'Round trip', value: formatMs(result.roundTripMs), testId: 'test-result-rtt' },
    {
      label: 'TLS',
      value: result.tls.active ? `on${result.tls.cipher ? ` (${result.tls.cipher})` : ''}` : 'off',
      testId: 'test-result-tls',
    },
    { label: 'Connected as', value: result.currentUser, testId: 'test-result-user' },
  ];
}

/** "10.11.19-MariaDB-0+deb12u1" → "10.11.19" (the whole string when it does not start with a version). */
function versionNumber(version: string): string {
  return /^\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
}
