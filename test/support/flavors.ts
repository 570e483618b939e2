/**
 * The server flavors the integration suite runs on, read from the one list scripts/flavors.tsv (which
 * install-deps.sh, test-all.sh and summarize-tests.mjs read too). scripts/install-deps.sh installs each;
 * the harness finds it through bplab's own binary discovery and starts it as a sandbox.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServerBinary } from '../../src/shared/models';
import { findBinaries, knownServerRoot } from '../../src/main/sandbox/server-binaries';

export interface FlavorRow {
  /** BPLAB_FLAVOR's name, e.g. "mysql-9.7". */
  label: string;
  /** The name scripts/install-deps.sh installs it by. */
  install: string;
  /** Its basedir under knownServerRoot(), or null when it is found on the PATH. */
  basedir: string | null;
  flavor: ServerBinary['flavor'];
  /** What its version starts with, e.g. "9.7.". */
  versionPrefix: string;
  suite: 'full' | 'subset';
  /** The what-if calibration runs on it. */
  whatif: boolean;
  /** Its binary keeps the symbols the page trace attaches to. */
  pagetrace: boolean;
  /** Its integration run's length in the last measured test-all.sh. */
  seconds: number;
}

/**
 * scripts/flavors.tsv of the checkout the command runs in (vitest and the bench scripts run from its
 * top; a bench script is bundled into .tmp/bench, so its own path does not lead there).
 */
export function flavorsTsvPath(from = process.cwd()): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, 'scripts', 'flavors.tsv');
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) throw new Error(`No scripts/flavors.tsv in ${from} or above it.`);
  }
}

/** The table's rows, in its order; a malformed row fails loudly, naming its line. */
export function readFlavors(text = readFileSync(flavorsTsvPath(), 'utf8')): FlavorRow[] {
  const rows: FlavorRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(#|$)/.test(line)) return;
    const [label, install, basedir, flavor, versionPrefix, suite, whatif, pagetrace, seconds, ...rest] = line
      .trim()
      .split(/\s+/);
    const yesNo = (v: string | undefined) => v === 'yes' || v === 'no';
    if (
      !label ||
      !install ||
      !basedir ||
      (flavor !== 'mysql' && flavor !== 'mariadb') ||
      !versionPrefix ||
      (suite !== 'full' && suite !== 'subset') ||
      !yesNo(whatif) ||
      !yesNo(pagetrace) ||
      !(Number(seconds) > 0) ||
      rest.length > 0
    )
      throw new Error(`scripts/flavors.tsv line ${i + 1} is not a flavor row: "${line}"`);
    rows.push({
      label,
      install,
      basedir: basedir === '-' ? null : basedir,
      flavor,
      versionPrefix,
      suite,
      whatif: whatif === 'yes',
      pagetrace: pagetrace === 'yes',
      seconds: Number(seconds),
    });
  });
  return rows;
}

export const FLAVORS: readonly FlavorRow[] = readFlavors();
export const FLAVOR_LABELS: readonly string[] = FLAVORS.map((f) => f.label);

/** The row of a label, or undefined (a BPLAB_TEST_SERVER run's "<flavor>-dev" has none). */
export function flavorRow(label: string): FlavorRow | undefined {
  return FLAVORS.find((f) => f.label === label);
}

/** The page trace's tests run on this flavor (its binary keeps the probes' symbols). */
export function traceableFlavor(label: string): boolean {
  return flavorRow(label)?.pagetrace ?? false;
}

export async function binaryForFlavor(label: string): Promise<ServerBinary> {
  const row = flavorRow(label);
  if (!row) throw new Error(`Unknown BPLAB_FLAVOR "${label}"; use one of ${FLAVOR_LABELS.join(', ')}`);
  const basedir = row.basedir === null ? undefined : join(knownServerRoot(), row.basedir);
  const { binaries } = await findBinaries(basedir ? { basedir } : {});
  const b = binaries.find((x) => x.flavor === row.flavor && x.version.startsWith(row.versionPrefix));
  if (!b) {
    throw new Error(
      `No ${row.flavor} ${row.versionPrefix}x server binary found${basedir ? ` in ${basedir}` : ''}: run bash scripts/install-deps.sh ${row.install}`,
    );
  }
  return b;
}
