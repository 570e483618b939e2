/**
 * The create-sandbox form's view-model: strings as typed, to a SandboxSpec the contract accepts,
 * with the shared SandboxSpecSchema deciding what is valid and each problem placed under its field.
 */
import { parseByteSize } from '../../../../shared/byte-size';
import { SandboxSpecSchema, type SandboxSpec } from '../../../../shared/models';
import { bufferPoolSizeProblem, type ServerKind } from '../../../../shared/server/sandbox-options';

export interface SandboxForm {
  name: string;
  binaryPath: string;
  /** Where "Find servers" also looks (a MySQL/MariaDB basedir). */
  basedir: string;
  /** Blank: a free port. */
  port: string;
  bufferPoolSize: string;
  oldBlocksTimeMs: string;
  oldBlocksPct: string;
  /** mysqld options, one key=value per line. */
  options: string;
  keepRunning: boolean;
  /** Keep the sandbox (its folder and error log) when its first start fails; not part of the spec. */
  keepFailed: boolean;
}

export type SandboxFormErrors = Partial<Record<keyof SandboxForm, string>>;

export function emptySandboxForm(): SandboxForm {
  return {
    name: '',
    binaryPath: '',
    basedir: '',
    port: '',
    bufferPoolSize: '128M',
    oldBlocksTimeMs: '',
    oldBlocksPct: '',
    options: '',
    keepRunning: false,
    keepFailed: false,
  };
}

/** "key=value" lines; blank lines and # comments are skipped, a leading "--" is allowed. */
export function parseOptionLines(text: string): { options: Record<string, string>; error: string | null } {
  const options: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = (eq < 0 ? line : line.slice(0, eq)).trim().replace(/^--/, '');
    if (eq < 0)
      return { options, error: `line ${i + 1}: write key=value (e.g. innodb_buffer_pool_instances=1)` };
    if (!/^[a-z][a-z0-9_-]*$/i.test(key))
      return { options, error: `line ${i + 1}: "${key}" is not a mysqld option name` };
    options[key] = line.slice(eq + 1).trim();
  }
  return { options, error: null };
}

const FIELD_OF: Record<string, keyof SandboxForm> = {
  name: 'name',
  binaryPath: 'binaryPath',
  port: 'port',
  bufferPoolSize: 'bufferPoolSize',
  oldBlocksTimeMs: 'oldBlocksTimeMs',
  oldBlocksPct: 'oldBlocksPct',
  options: 'options',
};

const WORDS: Partial<Record<keyof SandboxForm, string>> = {
  binaryPath: 'pick a server binary (Find servers lists them)',
  port: 'a port from 1 to 65535, or blank for a free one',
  oldBlocksTimeMs: 'a whole number of milliseconds (0 or more)',
  oldBlocksPct: 'a percentage from 5 to 95',
};

export type SpecCheck = { ok: true; spec: SandboxSpec } | { ok: false; errors: SandboxFormErrors };

/**
 * The spec the form describes, or each problem under its field. With the chosen server's flavor and
 * version, a buffer pool size that server cannot take is refused here too (main also checks the
 * machine's memory).
 */
export function specFromForm(form: SandboxForm, server?: ServerKind): SpecCheck {
  const errors: SandboxFormErrors = {};
  const number = (field: 'port' | 'oldBlocksTimeMs' | 'oldBlocksPct'): number | undefined => {
    const text = form[field].trim();
    if (text === '') return undefined;
    if (!/^\d+$/.test(text)) errors[field] = WORDS[field];
    return Number(text);
  };
  const port = number('port');
  const oldBlocksTimeMs = number('oldBlocksTimeMs');
  const oldBlocksPct = number('oldBlocksPct');
  const parsedOptions = parseOptionLines(form.options);
  if (parsedOptions.error) errors.options = parsedOptions.error;
  const spec: SandboxSpec = {
    name: form.name.trim(),
    binaryPath: form.binaryPath,
    ...(port !== undefined && port !== 0 ? { port } : {}),
    bufferPoolSize: form.bufferPoolSize.trim() || '128M',
    ...(oldBlocksTimeMs !== undefined ? { oldBlocksTimeMs } : {}),
    ...(oldBlocksPct !== undefined ? { oldBlocksPct } : {}),
    options: parsedOptions.options,
    keepRunning: form.keepRunning,
  };
  const checked = SandboxSpecSchema.safeParse(spec);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = WORDS[field] ?? issue.message;
    }
  }
  if (server && !errors.bufferPoolSize) {
    const problem = bufferPoolSizeProblem(parseByteSize(spec.bufferPoolSize ?? '128M'), server);
    if (problem) errors.bufferPoolSize = problem;
  }
  if (form.name.trim() === '') errors.name = 'a name is required';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, spec };
}
