/**
 * Post 002's preset from the Experiments screen, on the seeds' own servers: MySQL 5.5.34 and 5.6.14
 * sandboxes made by bplab's sandbox code, both ticked, the preset used and made as small as the builder
 * allows (1 client, 1,000 rows, 1 s steps, no warm-up, one repeat). Each server restarts with
 * performance_schema ON then OFF, sysbench drives the four sweeps, and the result's Compare shows the
 * four configurations and post 002's figures beside them with a verdict in words (the 64-thread ones
 * not measured, and saying why). Then a vendor's % change between two of its configurations' load QPS,
 * added on the Compare screen's form (a bad value first, said in words with what was typed kept), is
 * judged beside them.
 */
import { expect, test } from '@playwright/test';
import { addLoadRatioFigure } from './actions/add-load-ratio';
import { buildFromLoadPreset } from './actions/build-from-load-preset';
import { compareFinishedExperiment } from './actions/compare-finished-experiment';
import { openApp } from './actions/open-app';
import { openExperiments } from './actions/open-experiments';
import { shrinkLoadStep } from './actions/shrink-load-step';
import { startExperiment } from './actions/start-experiment';
import { PublishedFiguresPanel } from './pages/published-figures';
import { ReferenceFormPanel } from './pages/reference-form';
import { createSandbox, deleteSandboxes, mustCall } from './support/api';

const PREFIX = 'e2e-post002';
const stamp = Date.now().toString(36);
const SERVERS = [
  { version: '5.5.', name: `${PREFIX}-55-${stamp}` },
  { version: '5.6.', name: `${PREFIX}-56-${stamp}` },
];

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  await Promise.all(
    SERVERS.map(async (s) => {
      const binary = binaries.find((b) => b.flavor === 'mysql' && b.version.startsWith(s.version));
      if (!binary) throw new Error(`e2e: no MySQL ${s.version}x found for post 002's journey`);
      await createSandbox({ spec: { name: s.name, binaryPath: binary.path, bufferPoolSize: '128M' } });
    }),
  );
});
test.afterAll(async () => deleteSandboxes(PREFIX));

/** The verdicts a measured figure can get (a figure not measured says so instead). */
const VERDICT = /^(reproduced \(within 10%\)|same direction, smaller|same direction, larger|opposite)$/;

test("post 002's preset on 5.5 and 5.6 from the builder: four configurations, the post's figures judged", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const app = await openApp(page);
  const experiments = await openExperiments(app);
  const [v55, v56] = SERVERS.map((s) => `Sandbox ${s.name}`) as [string, string];

  await test.step('the preset on both servers, made as small as the builder allows', async () => {
    await buildFromLoadPreset(experiments, {
      connections: [v55, v56],
      presetId: 'post002-performance-schema',
    });
    await expect(experiments.name).toHaveValue(/^Post 002: performance_schema on\/off/);
    await expect(experiments.matrixValues('performance_schema')).toHaveText([/ON/, /OFF/]);
    await expect(experiments.loadSteps).toHaveCount(1);
    // As the preset has it: 2 servers × ON, OFF × 2 repeats (ON, OFF, OFF, ON).
    await expect(experiments.summary).toHaveAttribute('data-runs', '8');
    await shrinkLoadStep(experiments, { clients: '1', rows: '1000', seconds: '1', warmupSeconds: '0' });
    await experiments.repeats.fill('1');
    await expect(experiments.summary).toHaveAttribute('data-runs', '4');
    await expect(experiments.loadSteps).toContainText(
      '1 table × 1,000 rows, 1 client; 1 s per step after a 0 s warm-up',
    );
    await expect(experiments.start).toBeEnabled();
  });

  await test.step('it runs: four sweeps, each server restarted with ON then OFF, sysbench driving', async () => {
    await startExperiment(experiments);
    await expect(experiments.run).toHaveAttribute('data-state', 'complete', { timeout: 180_000 });
    await expect(experiments.end).toHaveText('Completed: all 4 runs done.');
    await expect(experiments.sweepRows).toHaveCount(4);
    for (const server of [v55, v56]) {
      const rows = experiments.sweepRows.filter({ hasText: server });
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('performance_schema=ON');
      await expect(rows.nth(1)).toContainText('performance_schema=OFF');
      for (const row of await rows.all()) {
        await expect(row).toHaveAttribute('data-state', 'complete');
        await expect(row.getByTestId('experiment-sweep-clients')).toHaveText(/^1 client: [\d,]+ QPS/);
        await expect(row.getByTestId('experiment-sweep-engine')).toHaveText(/^sysbench 1\./);
      }
    }
  });

  await test.step('Compare: the four configurations, and the post’s figures with verdicts', async () => {
    await compareFinishedExperiment(experiments);
    const load = page.getByTestId('compare-load');
    await expect(load).toHaveCount(1);
    for (const server of [v55, v56])
      for (const ps of ['ON', 'OFF'])
        await expect(load.getByTestId('compare-load-headline')).toContainText(
          new RegExp(`${server} · performance_schema=${ps}: [\\d,]+ QPS at 1 client`),
        );
    // performance_schema's cost in words, once per server (a gain where this noisy machine gave one).
    for (const server of [v55, v56])
      await expect(load.getByTestId('compare-load-findings')).toContainText(
        new RegExp(`performance_schema (costs|gains) [\\d.]+% at 1 client \\(QPS on against off, ${server}`),
      );

    const published = new PublishedFiguresPanel(page);
    // Its 6 figures: the cost at 1 and 64 threads once per server, 5.5 over 5.6 ON and OFF at 1 and 64.
    await expect(published.figures).toHaveCount(8);
    // The headline counts the figures measured; the four this short run could not measure are one line.
    await expect(published.headline).toHaveText(/^Published figures against bplab's: \d+ of 4 .*\.$/);
    await expect(page.getByTestId('published-unmeasured-line')).toHaveText(
      '4 of 8 published figures not measured: no complete sweep step at 64 clients.',
    );
    const measured = [
      { label: "performance_schema's cost at 1 thread", published: '7.5%', rows: 2 },
      { label: '5.5 over 5.6 with performance_schema ON at 1 thread', published: '11%', rows: 1 },
      { label: '5.5 over 5.6 with performance_schema OFF at 1 thread', published: '3.0%', rows: 1 },
    ];
    for (const figure of measured) {
      const rows = published.figure(figure.label);
      await expect(rows).toHaveCount(figure.rows);
      for (const row of await rows.all()) {
        await expect(row.locator('td').nth(1)).toHaveText(figure.published);
        await expect(row.locator('td').nth(2)).toHaveText(/^-?[\d,.]+%$/);
        await expect(row.getByTestId('published-verdict')).toHaveText(VERDICT);
        await expect(row).toContainText('post 002, its text on the sysbench read-only runs');
      }
    }
    await expect(published.figure("performance_schema's cost at 1 thread").nth(0)).toContainText(v55);
    await expect(published.figure("performance_schema's cost at 1 thread").nth(1)).toContainText(v56);
    // The shrunk step ran 1 client alone: the 64-thread figures say why they are not measured.
    const at64 = published.figures.filter({ hasText: 'at 64 threads' });
    await expect(at64).toHaveCount(4);
    for (const row of await at64.all()) {
      await expect(row).toHaveAttribute('data-verdict', 'not-measured');
      await expect(row).toContainText('not measured: no complete sweep step at 64 clients in Sandbox');
    }
  });

  await test.step("a vendor's ratio between two configurations' load QPS, added on Compare and judged", async () => {
    const published = new PublishedFiguresPanel(page);
    const form = new ReferenceFormPanel(page);
    const vendor = {
      first: `${v56} · performance_schema=OFF`,
      second: `${v56} · performance_schema=ON`,
      clients: '1',
      unit: '%' as const,
      name: '5.6, OFF against ON at 1 client, the vendor’s',
      source: 'vendor’s tuning guide',
    };
    await addLoadRatioFigure(form, { ...vendor, value: '13 %' });
    await expect(form.error('value')).toHaveText(
      'a number, such as 1.8 or 92301 (a dot before the decimals, no unit or thousands commas)',
    );
    await expect(form.field('value')).toHaveValue('13 %');
    await expect(form.field('clients')).toHaveValue('1');
    await expect(published.figures).toHaveCount(8);
    await form.field('value').fill('13');
    await form.save.click();
    await expect(form.added).toContainText(`Added “${vendor.name}”`);
    await expect(published.figures).toHaveCount(9);
    const row = published.figure(vendor.name);
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('13%');
    await expect(row.locator('td').nth(2)).toHaveText(/^-?[\d,.]+%$/);
    await expect(row.getByTestId('published-verdict')).toHaveText(VERDICT);
    await expect(row).toContainText('vendor’s tuning guide');
  });
});
