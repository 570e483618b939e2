/**
 * The run journey's core on today's MySQL (9.7, the LTS line; any MySQL 8.3+ found otherwise): Q1.1 on
 * SSB SF 0.01 in a 16 MB sandbox, run from the Queries screen to its result, whose EXPLAIN is the classic
 * table and JSON (9.7 answers plain EXPLAIN in TREE form by default), read while the query ran, with its
 * stage profile from performance_schema and the what-if answered. The whole journey (catalogue, live
 * views, cancel) runs on MariaDB in run-journey.spec.ts; this one adds about a minute, not a second journey.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './actions/open-app';
import { openQueries } from './actions/open-queries';
import { startRun } from './actions/start-run';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-runs-mysql';
const name = `${PREFIX}-${Date.now().toString(36)}`;
// Not a name that starts with run-journey.spec.ts's ssb_runs: its run list is filtered by " on ssb_runs".
const SCHEMA = 'ssb_mysql_journey';

/** The newest MySQL found: major and minor compared as numbers. */
const newest = <T extends { version: string }>(list: T[]): T | undefined =>
  [...list].sort((a, b) => {
    const [a1 = 0, a2 = 0] = a.version.split('.').map(Number);
    const [b1 = 0, b2 = 0] = b.version.split('.').map(Number);
    return b1 * 1000 + b2 - (a1 * 1000 + a2);
  })[0];

let version = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mysql = newest(binaries.filter((b) => b.flavor === 'mysql'));
  const [major = 0, minor = 0] = (mysql?.version ?? '').split('.').map(Number);
  if (!mysql || major * 100 + minor < 803)
    throw new Error(
      `e2e: no MySQL 8.3+ found for the run journey (newest: ${mysql?.version ?? 'none'}): bash scripts/install-deps.sh mysql-9.7`,
    );
  version = mysql.version;
  const sandbox = await createSandbox({ spec: { name, binaryPath: mysql.path, bufferPoolSize: '16M' } });
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.01 } });
  for (let waited = 0; ; waited += 1000) {
    const { datasets } = await mustCall('datasets/list', { profileId: sandbox.profileId });
    const state = datasets.find((d) => d.schema === SCHEMA)?.state;
    if (state === 'complete') break;
    if ((state && state !== 'loading') || waited > 240_000)
      throw new Error(`e2e: the fixture load ended ${state}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
});
test.afterAll(async () => deleteSandboxes(PREFIX));

test("a query run on today's MySQL: result, classic EXPLAIN read while it ran, stages, what-if", async ({
  page,
}) => {
  const app = await openApp(page);
  const queries = await openQueries(app, `Sandbox ${name}`, SCHEMA);
  const runs = await startRun(queries, { queryId: 'Q1.1', variant: 'straight-dim-first', poll: '50' });
  await expect(runs.result).toBeVisible({ timeout: 120_000 });
  await expect(runs.section('outcome')).toContainText('complete');
  await expect(runs.section('settings')).toContainText(version);
  const explain = runs.section('explain');
  // The classic table (its columns), not TREE's one text column.
  await expect(explain.getByTestId('explain-table')).toContainText('lineorder');
  await expect(explain.getByTestId('explain-table')).toContainText('Extra');
  await expect(explain.getByTestId('plan-source')).toHaveAttribute('data-source', 'during-run');
  await explain.getByText('FORMAT=JSON').click();
  await expect(explain.getByTestId('json-node').first()).toBeVisible();
  await expect(page.getByTestId('profile')).toHaveAttribute('data-source', 'performance-schema');
  const whatif = runs.section('whatif');
  await whatif.getByRole('button', { name: 'Simulate' }).click();
  await expect(whatif.getByTestId('whatif-answer')).toContainText(
    /^(The working set fits from|The curve drops to|No knee)/,
    {
      timeout: 120_000,
    },
  );
});
