/**
 * The server flavors the integration suite runs on. scripts/install-deps.sh installs each;
 * the harness finds it through bplab's own binary discovery and starts it as a sandbox.
 */
import { join } from 'node:path';
import type { ServerBinary } from '../../src/shared/models';
import { findBinaries, knownServerRoot } from '../../src/main/sandbox/server-binaries';

export const FLAVOR_LABELS = [
  'mariadb-10.11',
  'mariadb-11.4',
  'mysql-8.0',
  'mysql-5.7',
  'mysql-5.6',
  'mysql-5.5',
] as const;
export type FlavorLabel = (typeof FLAVOR_LABELS)[number];

export async function binaryForFlavor(label: string): Promise<ServerBinary> {
  const pick = async (basedir: string | undefined, flavor: ServerBinary['flavor'], versionPrefix: string) => {
    const { binaries } = await findBinaries(basedir ? { basedir } : {});
    const b = binaries.find((x) => x.flavor === flavor && x.version.startsWith(versionPrefix));
    if (!b) {
      throw new Error(
        `No ${flavor} ${versionPrefix}.x server binary found${basedir ? ` in ${basedir}` : ''}: run bash scripts/install-deps.sh`,
      );
    }
    return b;
  };
  switch (label) {
    case 'mariadb-10.11':
      return pick(undefined, 'mariadb', '10.11.');
    case 'mysql-8.0':
      return pick(join(knownServerRoot(), 'mysql-8.0.31'), 'mysql', '8.0.');
    case 'mysql-5.7':
      return pick(join(knownServerRoot(), 'mysql-5.7.22'), 'mysql', '5.7.');
    case 'mariadb-11.4':
      return pick(join(knownServerRoot(), 'mariadb-11.4.5'), 'mariadb', '11.4.');
    case 'mysql-5.6':
      return pick(join(knownServerRoot(), 'mysql-5.6.14'), 'mysql', '5.6.');
    case 'mysql-5.5':
      return pick(join(knownServerRoot(), 'mysql-5.5.34'), 'mysql', '5.5.');
    default:
      throw new Error(`Unknown BPLAB_FLAVOR "${label}"; use one of ${FLAVOR_LABELS.join(', ')}`);
  }
}
