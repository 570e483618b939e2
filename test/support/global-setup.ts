/**
 * Starts the real server an integration run uses. BPLAB_FLAVOR names it (see flavors.ts).
 * TEMPORARY (development only): BPLAB_TEST_SERVER=host:port:flavor:version:binaryPath reuses a running server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { ServerFlavor } from '../../src/shared/models';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dev = process.env.BPLAB_TEST_SERVER;
  if (!dev) throw new Error('the sandbox-backed harness is not wired yet: set BPLAB_TEST_SERVER');
  const [host = '127.0.0.1', port = '3306', flavor = 'mariadb', version = '', binaryPath = ''] = dev.split(':');
  const scratchDir = mkdtempSync(join(tmpdir(), 'bplab-it-'));
  project.provide('bplabServer', {
    label: `${flavor}-dev`,
    flavor: flavor as ServerFlavor,
    version,
    host,
    port: Number(port),
    user: 'root',
    password: '',
    binaryPath,
    scratchDir,
  });
  return async () => {};
}
