/**
 * A sandbox made from the run's template (datadir-templates.ts) on the real server of this run's
 * flavor: the harness's own create left one initialised data folder for the binary; a new sandbox
 * copies it, starts, answers on its own data folder, makes a server_uuid of its own (where the server
 * has one), and what it writes stays out of the template.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../src/shared/models';
import { templateKey } from '../../src/main/sandbox/datadir-templates';
import { SandboxService } from '../../src/main/sandbox/sandboxes';
import { testServer } from '../support/test-server';

const server = testServer();
const root = join(server.scratchDir, 'sandbox-templates-test');
const sandboxes = new SandboxService({ root, templates: server.templatesDir });
const template = join(server.templatesDir, templateKey({ ...server, path: server.binaryPath }));

async function variables(port: number): Promise<Record<string, string>> {
  const c = await createConnection({ ...sandboxes.connectionOptions({ port }), connectTimeout: 5000 });
  try {
    const [rows] = await c.query("SHOW GLOBAL VARIABLES WHERE Variable_name IN ('datadir', 'server_uuid')");
    return Object.fromEntries(
      (rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]),
    );
  } finally {
    await c.end();
  }
}

describe(`a sandbox copied from the template on ${server.label}`, () => {
  let sb: SandboxInfo;
  beforeAll(async () => {
    // A server reused with BPLAB_TEST_SERVER was not made by the harness: the first create here makes the template.
    if (!existsSync(template)) {
      const first = await sandboxes.create(
        { name: 'first', binaryPath: server.binaryPath },
        { start: false },
      );
      await sandboxes.delete(first.id);
    }
    sb = await sandboxes.create({ name: 'copied', binaryPath: server.binaryPath, bufferPoolSize: '32M' });
  });
  afterAll(async () => {
    if (sb) await sandboxes.delete(sb.id);
  });

  it('was copied, not initialised, and runs on its own data folder', async () => {
    expect(existsSync(template), `no template at ${template}`).toBe(true);
    expect(readFileSync(join(root, sb.id, 'init.log'), 'utf8')).toContain(
      'copied from the data folder initialised for',
    );
    expect(sb.status).toBe('running');
    const own = await variables(sb.port);
    expect(own.datadir?.replace(/\/$/, '')).toBe(sb.datadir);
    const harness = await variables(server.port);
    if (harness.server_uuid !== undefined) expect(own.server_uuid).not.toBe(harness.server_uuid);
  });

  it('is a copy: a schema made in the sandbox is in its data folder, not in the template', async () => {
    const c = await createConnection({ ...sandboxes.connectionOptions(sb), connectTimeout: 5000 });
    try {
      await c.query('CREATE DATABASE made_in_copy');
    } finally {
      await c.end();
    }
    expect(existsSync(join(sb.datadir, 'made_in_copy'))).toBe(true);
    expect(readdirSync(template)).not.toContain('made_in_copy');
  });
});
