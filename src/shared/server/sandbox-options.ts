/**
 * What a sandbox's own mysqld options may not touch, and the buffer pool sizes its server can take.
 * One list and one check, used by the contract's SandboxSpecSchema (so the API, the CLI and the
 * create form all refuse the same options in the same words) and by SandboxService.create.
 *
 * The options bplab owns decide where the server listens, who may log in without a password, which
 * files it reads and writes, and the settings the spec has its own field for. mysqld accepts each of
 * them in many spellings (dash or underscore, any case, `loose-`, `skip-`/`disable-`/`enable-`/
 * `maximum-`, and on MariaDB any unambiguous prefix such as `bind` for bind-address), so all of those
 * are refused too. Options that only tune the server (skip-name-resolve, max_connections, ...) pass.
 */
import { formatByteSize } from '../byte-size';

const LOOPBACK =
  'a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password';
const FOLDER = 'every file of a sandbox stays in its own folder, so that deleting it leaves nothing behind';
const LOGIN = 'a sandbox always checks its users (its root user has no password, so it stays on 127.0.0.1)';

interface OwnedOption {
  /** mysqld's own spelling. */
  name: string;
  why: string;
}

/** The options bplab sets itself (or forbids), with why. */
export const OWNED_OPTIONS: readonly OwnedOption[] = [
  { name: 'port', why: `${LOOPBACK}; choose the port with the sandbox's port setting` },
  { name: 'bind-address', why: LOOPBACK },
  { name: 'skip-networking', why: 'bplab talks to a sandbox over 127.0.0.1 TCP' },
  { name: 'socket', why: FOLDER },
  { name: 'admin-address', why: LOOPBACK },
  { name: 'admin-port', why: LOOPBACK },
  { name: 'extra-port', why: LOOPBACK },
  { name: 'mysqlx', why: `${LOOPBACK}; bplab turns the X Protocol off` },
  { name: 'mysqlx-bind-address', why: `${LOOPBACK}; bplab turns the X Protocol off` },
  { name: 'mysqlx-port', why: `${LOOPBACK}; bplab turns the X Protocol off` },
  { name: 'mysqlx-socket', why: `${LOOPBACK}; bplab turns the X Protocol off` },
  { name: 'skip-grant-tables', why: LOGIN },
  { name: 'init-file', why: `${LOGIN}; an init file could run any statement as root` },
  { name: 'user', why: 'bplab decides which system user the server runs as' },
  {
    name: 'secure-file-priv',
    why: "the server runs as this machine's user, so LOAD DATA and SELECT ... INTO OUTFILE stay limited to the server's own folder",
  },
  { name: 'datadir', why: FOLDER },
  { name: 'basedir', why: 'bplab sets it from the server binary you chose' },
  { name: 'pid-file', why: `${FOLDER}, and bplab finds the running server by it` },
  { name: 'log-error', why: `${FOLDER}, and bplab reads why a start failed from it` },
  { name: 'innodb-data-home-dir', why: FOLDER },
  { name: 'innodb-log-group-home-dir', why: FOLDER },
  { name: 'innodb-undo-directory', why: FOLDER },
  { name: 'defaults-file', why: 'a sandbox reads no option file, only the options it was created with' },
  {
    name: 'defaults-extra-file',
    why: 'a sandbox reads no option file, only the options it was created with',
  },
  {
    name: 'defaults-group-suffix',
    why: 'a sandbox reads no option file, only the options it was created with',
  },
  { name: 'no-defaults', why: 'a sandbox reads no option file, only the options it was created with' },
  { name: 'innodb-buffer-pool-size', why: "set it with the sandbox's buffer pool size" },
  { name: 'innodb-old-blocks-time', why: "set it with the sandbox's innodb_old_blocks_time setting" },
  { name: 'innodb-old-blocks-pct', why: "set it with the sandbox's innodb_old_blocks_pct setting" },
  { name: 'local-infile', why: "set it with the sandbox's local_infile setting" },
];

/**
 * Whole option names that are also prefixes of an owned name; mysqld takes them as themselves, so
 * they are not abbreviations (checked against the --verbose --help of MariaDB 10.11, MySQL 8.0 and 5.7).
 */
const NOT_ABBREVIATIONS = new Set(['innodb']);

/** Prefixes mysqld strips before it looks an option up. */
const LOOSE = 'loose-';
const NEGATIONS = ['skip-', 'disable-', 'enable-', 'maximum-'];

export interface OptionRefusal {
  /** As the user wrote it. */
  option: string;
  /** The owned option it stands for, in mysqld's spelling. */
  owned: string;
  /** The refusal in words, naming the option and why. */
  message: string;
}

/** The spellings mysqld would try for a name: as written, without loose-, without skip-/enable-/... */
function spellings(name: string): string[] {
  const base = name.trim().replace(/^-+/, '').toLowerCase().replace(/_/g, '-');
  const forms = [base];
  if (base.startsWith(LOOSE)) forms.push(base.slice(LOOSE.length));
  for (const form of [...forms]) {
    for (const neg of NEGATIONS) if (form.startsWith(neg)) forms.push(form.slice(neg.length));
  }
  return forms.filter((f) => f.length > 0);
}

/** Why bplab refuses this mysqld option for a sandbox, or null when it may be set. */
export function refusedOption(option: string): OptionRefusal | null {
  const forms = spellings(option);
  for (const owned of OWNED_OPTIONS) {
    const names = [
      owned.name,
      ...NEGATIONS.filter((n) => owned.name.startsWith(n)).map((n) => owned.name.slice(n.length)),
    ];
    for (const form of forms) {
      for (const name of names) {
        const exact = form === name;
        const abbreviated = !exact && name.startsWith(form) && !NOT_ABBREVIATIONS.has(form);
        if (!exact && !abbreviated) continue;
        const stands = abbreviated
          ? `${option} is short for ${owned.name} (mysqld accepts an unambiguous prefix), which bplab sets itself`
          : forms[0] === owned.name
            ? `${option} is set by bplab itself`
            : `${option} is ${owned.name}, which bplab sets itself`;
        return { option, owned: owned.name, message: `${stands}: ${owned.why}.` };
      }
    }
  }
  return null;
}

/** Every refused option of a sandbox spec's options, in the order given. */
export function refusedOptions(options: Record<string, string>): OptionRefusal[] {
  return Object.keys(options)
    .map(refusedOption)
    .filter((r): r is OptionRefusal => r !== null);
}

/**
 * The create form's checkbox that keeps a sandbox whose first start fails (the API's keepFailed, the
 * CLI's --keep-failed): its label lives here so the message that tells how to keep one names it as
 * the form shows it.
 */
export const KEEP_FAILED_LABEL = 'keep it if its first start fails';

// ---------- buffer pool sizes ----------

export interface ServerKind {
  flavor: string;
  version: string;
}

export interface BufferPoolLimits {
  min: number;
  max: number;
  /** The maximum in words (2^64-1 is not a JavaScript integer). */
  maxWords: string;
  /** What happens below the minimum, in the server's own terms. */
  belowMin: string;
}

/**
 * innodb_buffer_pool_size's limits on 64-bit Linux. MySQL 5.7 and 8.0: 5M to 2^64-1, and a smaller
 * value is quietly raised to 5M (the log says "adjusted to 5242880"). MariaDB 10.x: the variable
 * allows 2M to 2^63-1, but InnoDB with its default 16K pages refuses to start below 6M
 * ("innodb_page_size=16384 requires innodb_buffer_pool_size >= 6 MiB").
 */
export function bufferPoolLimits(server: ServerKind): BufferPoolLimits {
  if (server.flavor === 'mariadb')
    return {
      min: 6 * 1024 ** 2,
      max: 2 ** 63 - 1,
      maxWords: '2^63-1 bytes (8 EiB)',
      belowMin: 'InnoDB does not start with less when its pages are 16K (the default)',
    };
  return {
    min: 5 * 1024 ** 2,
    max: 2 ** 64 - 1,
    maxWords: '2^64-1 bytes (16 EiB)',
    belowMin: 'the server would quietly raise a smaller size to 5M',
  };
}

/** "MariaDB 10.11.19" */
function serverName(server: ServerKind): string {
  const flavor =
    server.flavor === 'mariadb' ? 'MariaDB' : server.flavor === 'percona' ? 'Percona Server' : 'MySQL';
  return `${flavor} ${server.version}`;
}

/**
 * Why a buffer pool of `bytes` cannot be had on this server (and this machine, when its memory is
 * given), or null when it can.
 */
export function bufferPoolSizeProblem(
  bytes: number,
  server: ServerKind,
  machineBytes?: number,
): string | null {
  const limits = bufferPoolLimits(server);
  const size = formatByteSize(bytes);
  if (bytes < limits.min)
    return `a buffer pool of ${size} is below ${serverName(server)}'s minimum innodb_buffer_pool_size of ${formatByteSize(limits.min)}: ${limits.belowMin}`;
  if (bytes > limits.max)
    return `a buffer pool of ${size} is above ${serverName(server)}'s maximum innodb_buffer_pool_size of ${limits.maxWords}`;
  if (machineBytes !== undefined && bytes > machineBytes)
    return `a buffer pool of ${size} is more than this machine's memory (${(machineBytes / 1024 ** 3).toFixed(1)}G in all), so ${serverName(server)} could not have it`;
  return null;
}
