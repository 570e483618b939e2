/**
 * What the experiment tests start from: the app as the UI builds it, on a data folder of its own, with a
 * sandbox of this run's flavor (copied from the run's template) holding a small SSB dataset.
 */
import { createApp, type App } from '../../src/main/app';
import { generateDataset } from '../../src/main/ssb/datasets';
import type { SandboxInfo } from '../../src/shared/models';
import mysql from 'mysql2/promise';
import { dispatchAndWait } from './tasks';
import { testServer } from './test-server';

export interface SandboxApp {
  app: App;
  sb: SandboxInfo;
  close(): Promise<void>;
}

/** Creates the sandbox `name` (32 MB pool) through the API and generates SSB SF 0.01 into `schema`. */
export async function openSandboxApp(dataDir: string, name: string, schema: string): Promise<SandboxApp> {
  const server = testServer();
  const app = await createApp({
    dataDir,
    transport: 'browser',
    version: 'test',
    sandboxTemplates: server.templatesDir,
  });
  const created = await dispatchAndWait(app, 'sandboxes/create', {
    spec: { name, binaryPath: server.binaryPath, bufferPoolSize: '32M' },
  });
  if (!created.ok) throw new Error(created.error.message);
  const sb = created.value as SandboxInfo;
  const connect = () => mysql.createConnection({ host: '127.0.0.1', port: sb.port, user: 'root' });
  await generateDataset({ schema, sf: 0.01, seed: 1 }, { connect, bplabVersion: 'test' });
  return {
    app,
    sb,
    close: async () => {
      await app.dispatch('sandboxes/delete', { id: sb.id });
      await app.shutdown();
    },
  };
}
