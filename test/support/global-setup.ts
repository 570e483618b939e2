/**
 * Starts the real server an integration run uses, through bplab's own SandboxService.
 * BPLAB_FLAVOR names the flavor (test/support/flavors.ts); scripts/test-all.sh runs each in turn.
 * For quick local iteration, BPLAB_TEST_SERVER=host:port:flavor:version:binaryPath reuses a running server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { ServerFlavor } from '../../src/shared/models';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { binaryForFlavor } from './flavors';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratchDir = mkdtempSync(join(tmpdir(), 'bplab-it-'));
  const templatesDir = join(scratchDir, 'sandbox-templates');
  const dev = process.env.BPLAB_TEST_SERVER;
  if (dev) {
    const [host = '127.0.0.1', port = '3306', flavor = 'mariadb', version = '', binaryPath = ''] =
      dev.split(':');
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
      templatesDir,
    });
    return async () => rmSync(scratchDir, { recursive: true, force: true });
  }

  const label = process.env.BPLAB_FLAVOR ?? 'mariadb-10.11';
  const binary = await binaryForFlavor(label);
  const sandboxes = new SandboxService({
    root: join(scratchDir, 'harness-sandboxes'),
    templates: templatesDir,
  });
  const started = Date.now();
  const info = await sandboxes.create({
    name: `it-${label}`,
    binaryPath: binary.path,
    bufferPoolSize: '256M',
    localInfile: true,
  });
  console.log(
    `[harness] ${label}: ${binary.flavor} ${binary.version} sandbox on port ${info.port} in ${Date.now() - started} ms`,
  );
  project.provide('bplabServer', {
    label,
    flavor: info.flavor,
    version: info.version,
    ...sandboxes.connectionOptions(info),
    binaryPath: binary.path,
    scratchDir,
    templatesDir,
  });
  return async () => {
    await sandboxes
      .delete(info.id)
      .catch((e) => console.error(`[harness] could not delete the sandbox: ${e}`));
    rmSync(scratchDir, { recursive: true, force: true });
  };
}
