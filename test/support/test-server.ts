/**
 * What an integration test knows about the real server it runs against. The global setup
 * starts it (through bplab's own SandboxService) and provides it; tests read it with testServer().
 */
import { inject } from 'vitest';
import type { ServerFlavor } from '../../src/shared/models';

export interface TestServer {
  /** e.g. "mariadb-10.11", "mysql-8.0", "mysql-5.7" */
  label: string;
  flavor: ServerFlavor;
  version: string;
  host: string;
  port: number;
  user: string;
  password: string;
  /** The server binary, for tests that create sandboxes of their own. */
  binaryPath: string;
  /** A scratch folder for this run (bplab data dirs of tests go below it). */
  scratchDir: string;
  /**
   * Initialised data folders per binary (SandboxServiceDeps.templates), shared by the whole run: the
   * harness's own sandbox makes this flavor's, and a test's sandbox copies it (0.3 s against 3.5-5 s
   * of mysqld --initialize on MySQL 8.0). Tests of initialising itself leave it out.
   */
  templatesDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    bplabServer: TestServer;
  }
}

export function testServer(): TestServer {
  return inject('bplabServer');
}
