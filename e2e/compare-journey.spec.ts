/**
 * The comparison journey with no server connected: a results file made by bplab's own experiment
 * runner on a real MariaDB sandbox (innodb_old_blocks_time 1000 against 0, Q1.1 and Q2.1, cold then one
 * hot run), the sandbox then deleted; the file opened on the comparison screen, two configurations
 * compared, the findings read and followed to their table, a chart saved as PNG, and the HTML report
 * exported and opened in Chromium offline from file://, its tables and charts there. Last, one of the
 * experiment's runs opened on the Runs screen: its charts' hover tooltips, near the right edge, stay
 * inside the window; two runs ticked in the Runs list compared side by side. Between, results files
 * dropped on the screen as browser mode takes them: a binary one refused in words, a results file
 * joins. The runs checked against the simulator and its curves drawn, on the screen and in the report.
 * At 1024×700, and the compare screen and the report at 1440×900 too: no table there is wider
 * than its container, and no checkbox smaller than 12 px.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exportReport } from './actions/export-report';
import { hoverChartEdge } from './actions/hover-chart-edge';
import { openApp } from './actions/open-app';
import { openResultsFile } from './actions/open-results-file';
import { openRun } from './actions/open-run';
import { visitScreen } from './actions/visit-screen';
import { compareSelectedRuns } from './actions/compare-selected-runs';
import { dropFiles } from './actions/drop-files';
import { RunsPage } from './pages/runs-page';
import { overflowingTables, tableContainers } from './support/overflow';
import { shrunkCheckboxes } from './support/checkboxes';
import { createSandbox, deleteSandboxes, mustCall, waitForDatasetLoad } from './support/api';
import { readmePicture } from './support/readme-picture';

const PREFIX = 'e2e-compare';
const name = `${PREFIX}-${Date.now().toString(36)}`;
const SCHEMA = 'ssb_compare';
let dir = '';
let resultsFile = '';

test.use({ viewport: { width: 1024, height: 700 } });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  dir = mkdtempSync(join(tmpdir(), 'bplab-e2e-compare-'));
  resultsFile = join(dir, 'old-blocks-time.bplab.json');
  const { binaries } = await mustCall('sandboxes/find-binaries', {});
  const mariadb = binaries.find((b) => b.flavor === 'mariadb');
  if (!mariadb) throw new Error('e2e: no mariadbd found for the compare journey');
  const sandbox = await createSandbox({
    spec: { name, binaryPath: mariadb.path, bufferPoolSize: '16M' },
  });
  await mustCall('datasets/create', { profileId: sandbox.profileId, spec: { schema: SCHEMA, sf: 0.05 } });
  expect(await waitForDatasetLoad(sandbox.profileId, SCHEMA, 300_000)).toBe('complete');
  // The results file is bplab's own: the experiment runner, through the contract, saving as it goes.
  await mustCall('experiments/start', {
    file: resultsFile,
    definition: {
      name: 'old_blocks_time 1000 vs 0',
      schema: SCHEMA,
      queries: [{ queryId: 'Q1.1' }, { queryId: 'Q2.1' }],
      servers: [{ label: 'MariaDB', profileId: sandbox.profileId, sandboxId: sandbox.id }],
      matrix: [{ kind: 'global', variable: 'innodb_old_blocks_time', values: ['1000', '0'] }],
      // A fixed interval: every run keeps LRU compositions for its charts, however loaded the machine.
      protocol: { cold: true, hotRuns: 1, poll: 100 },
    },
  });
  for (let waited = 0; ; waited += 1000) {
    const opened = await mustCall('experiments/open', { file: resultsFile, samples: 'none' }).catch(
      () => null,
    );
    if (opened && opened.state !== 'running') {
      expect(opened.state).toBe('complete');
      break;
    }
    if (waited > 300_000) throw new Error('e2e: the experiment did not end in 5 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  // No server from here on: the comparison reads the file alone.
  await deleteSandboxes(PREFIX);
});

test.afterAll(async () => {
  await deleteSandboxes(PREFIX);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('compare two configurations of a results file, export the report, read it offline', async ({
  page,
  browser,
}) => {
  const app = await openApp(page);
  const runs = new RunsPage(page);
  const compare = await openResultsFile(app, join(dir, 'no-such-file.bplab.json'));

  await test.step('a missing file is said in words', async () => {
    await expect(compare.openError).toContainText('no-such-file.bplab.json');
    await expect(compare.files).toHaveCount(0);
  });

  await test.step('the results file opens with no server; two configurations are chosen', async () => {
    await compare.path.fill(resultsFile);
    await compare.openButton.click();
    await expect(compare.files).toHaveCount(1);
    await expect(compare.choices).toHaveCount(2);
    const labels = await compare.choices.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')));
    expect(labels.some((l) => l?.includes('innodb_old_blocks_time=1000'))).toBe(true);
    expect(labels.some((l) => l?.includes('innodb_old_blocks_time=0'))).toBe(true);
    for (const c of await compare.choices.all())
      await expect(c.getByTestId('compare-choice-check')).toBeChecked();
  });

  await test.step("post 001's table, the time per query and the findings", async () => {
    await expect(compare.table('flights')).toContainText('cold');
    await expect(compare.table('flights')).toContainText('run 1');
    await expect(compare.table('flights')).toContainText('Flight 1');
    await expect(compare.table('flights')).toContainText('Flight 2');
    await expect(compare.table('query-times')).toContainText('Q1.1');
    await expect(compare.table('query-times')).toContainText('Q2.1');
    await expect(compare.table('settings')).toContainText('innodb_old_blocks_time');
    await expect(compare.table('experiment')).toContainText('old_blocks_time 1000 vs 0');
    await expect(compare.findings.first()).toBeVisible();
    const texts = await compare.findings.allTextContents();
    expect(texts.join('\n')).toMatch(/innodb_old_blocks_time|pages|took|slower|faster|young|disk/i);
    // MariaDB's page cleaner keeps innodb_lru_scan_depth (1,536) blocks free, more than this 16 MB pool
    // holds: no old sublist forms, and the comparison says old_blocks_time could not matter, first.
    expect(texts[0]).toMatch(
      /the page cleaner keeps innodb_lru_scan_depth=[\d,]+ pages free in its one pool instance, more than the pool's [\d,]+ pages; [\d,]+ of them were free at the run's end and no old sublist had formed .*so innodb_old_blocks_time=(1000|0) could not change which pages stayed/,
    );
    // The answer first: the headline with its main ratio, the sides named once, then a cold/hot chart
    // per flight above the findings.
    await expect(compare.headline).toHaveCount(1);
    await expect(compare.headline).toContainText(
      /^innodb_old_blocks_time=0 (is [\d.]+× slower than innodb_old_blocks_time=1000|is faster than innodb_old_blocks_time=1000: [\d.]+× the time|and innodb_old_blocks_time=1000 take the same time) over 2 queries/,
    );
    await expect(compare.legend).toHaveText('A = innodb_old_blocks_time=1000 · B = innodb_old_blocks_time=0');
    const headlineTop = (await page.getByTestId('compare-headline').boundingBox())!.y;
    const chart = page.getByTestId('compare-cold-hot');
    await expect(chart).toHaveCount(2);
    await expect(chart.first()).toContainText('Flight 1: time per query, cold and hot (lower is better)');
    const chartTop = (await chart.first().boundingBox())!.y;
    const findingsTop = (await page.getByTestId('compare-findings').boundingBox())!.y;
    expect(headlineTop).toBeLessThan(chartTop);
    expect(chartTop).toBeLessThan(findingsTop);
    // Each finding one line, its figures a small table folded under it, a column per side.
    const evidence = compare.findings.getByTestId('finding-evidence').first();
    await expect(evidence.locator('table')).toBeHidden();
    await evidence.locator('summary').click();
    await expect(evidence.locator('th').nth(1)).toHaveText(/^(A|B|value)$/);
    await evidence.locator('summary').click();
    // The detail tables come folded.
    await expect(compare.table('query-times').locator('table')).toBeHidden();
  });

  await test.step("the runs checked against the simulator on demand, then each side's curves", async () => {
    const section = page.getByTestId('compare-whatif');
    await section.getByTestId('whatif-check').click();
    await expect(section.getByTestId('whatif-findings')).toContainText(/^The simulator/, {
      timeout: 180_000,
    });
    const table = page.locator('[data-testid="compare-table"][data-table="whatif-calibration"]');
    await expect(table).toContainText('Q2.1');
    await expect(table.locator('table')).toBeHidden();
    // One query's curves: the screen's concatenation of every query is what the report draws below.
    await section.getByTestId('whatif-scope').selectOption('query:Q1.1');
    await section.getByTestId('whatif-curves').click();
    await expect(section.getByTestId('whatif-side')).toHaveCount(2, { timeout: 180_000 });
    await expect(section.getByTestId('whatif-chart').first()).toHaveAttribute('data-unit', 'pages');
    await expect(section.getByTestId('whatif-side').first()).toContainText('old_blocks_time 1000, pct');
    // The assumptions once for both sides, not a paragraph per side.
    await expect(section.getByTestId('whatif-assumptions')).toHaveCount(1);
    await section.getByTestId('whatif-findings').scrollIntoViewIfNeeded();
    await section.screenshot({ path: readmePicture('compare-whatif.png') });
  });

  await test.step('no table of the compare screen is wider than its container, at 1024 and 1440 px', async () => {
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      expect(await overflowingTables(page), `at ${size.width}×${size.height}`).toEqual([]);
      expect(await tableContainers(page)).toBeGreaterThan(5);
      // The sides' ticks keep their box beside a name that wraps.
      expect(await shrunkCheckboxes(page), `at ${size.width}×${size.height}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1024, height: 700 });
    // The check opened every folded section: fold them again.
    await page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = false; })`);
  });

  await test.step('a finding links to its table, and the pair shows every table and its bars', async () => {
    await compare.findings.first().getByTestId('finding-link').click();
    await expect(compare.pairSelect).toBeVisible();
    for (const t of ['summary', 'status', 'stages', 'lru', 'pool', 'explain']) {
      await expect(page.locator(`[data-testid="compare-table"][data-table$="-${t}"]`)).toHaveCount(1);
    }
    await expect(compare.pairedBars.locator('svg rect').first()).toBeVisible();
    const explain = page.locator('[data-testid="compare-table"][data-table$="-explain"]');
    await expect(explain).toContainText('lineorder');
  });

  await test.step('a chart saves as PNG', async () => {
    const download = page.waitForEvent('download');
    await compare.pairedBars.getByTestId('lru-paired-bars-png').click();
    const png = await download;
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const saved = join(dir, png.suggestedFilename());
    await png.saveAs(saved);
    expect(readFileSync(saved).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(saved).length).toBeGreaterThan(2000);
  });

  const report = join(dir, 'exported', 'report.html');
  await test.step('the HTML report is exported by main beside the file', async () => {
    mkdirSync(dirname(report), { recursive: true });
    // With the simulator's section: its curves and its table, in the report too.
    await page.getByTestId('export-whatif').check();
    await exportReport(compare, 'html', report);
    await expect(compare.exportDone).toContainText(report);
    const html = readFileSync(report, 'utf8');
    expect(html).not.toMatch(/<script|https?:\/\/|url\(/i);
  });

  await test.step('the exported report opens offline from file:// with its tables and charts', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    try {
      await context.setOffline(true);
      const offline = await context.newPage();
      const requests: string[] = [];
      offline.on('request', (r) => {
        if (!r.url().startsWith('file://')) requests.push(r.url());
      });
      await offline.goto(`file://${report}`);
      await expect(offline.locator('h1')).toContainText('bplab comparison');
      await expect(offline.locator('#findings')).toBeVisible();
      await expect(offline.locator('ol.findings li').first()).toBeVisible();
      // The detail tables, folded under their titles (details#id).
      await expect(offline.locator('#flights table')).toContainText('cold');
      await expect(offline.locator('#flights table')).toBeHidden();
      await expect(offline.locator('#query-times table')).toContainText('Q1.1');
      await expect(offline.locator('#experiment table')).toContainText('innodb_old_blocks_time');
      await expect(offline.locator('#servers table')).toContainText('MariaDB');
      // Charts: the paired bars of each pair, pages per index over time, and the LRU map's moments.
      expect(await offline.locator('svg.chart[id$="-lru-chart"]').count()).toBeGreaterThan(0);
      expect(await offline.locator('svg.chart[id*="-time-"]').count()).toBeGreaterThan(0);
      expect(await offline.locator('svg.chart[id*="-map-"] rect.lru-segment').count()).toBeGreaterThan(0);
      await expect(offline.locator('#whatif')).toBeVisible();
      expect(await offline.locator('svg.chart[id^="whatif-curves-"] polyline').count()).toBeGreaterThan(0);
      await expect(offline.locator('#whatif-calibration table')).toContainText('Q1.1');
      expect(requests).toEqual([]);
      await expect(offline.locator('p.headline')).toContainText(' over 2 queries');
      await expect(offline.locator('p.legend')).toHaveText(
        'A = innodb_old_blocks_time=1000 · B = innodb_old_blocks_time=0',
      );
      await offline.screenshot({ path: readmePicture('report.png') });
      for (const size of [
        { width: 1024, height: 700 },
        { width: 1440, height: 900 },
      ]) {
        await offline.setViewportSize(size);
        expect(await overflowingTables(offline), `the report at ${size.width}×${size.height}`).toEqual([]);
        expect(await tableContainers(offline)).toBeGreaterThan(5);
      }
    } finally {
      await context.close();
    }
  });

  await test.step('results files dropped on the screen: a binary one is said in words, a results file joins', async () => {
    await dropFiles(page, 'compare-screen', [
      { name: 'photo.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]) },
    ]);
    await expect(compare.openError).toContainText(
      'photo.png is not a bplab results file: it is binary, not JSON text.',
    );
    await expect(compare.files).toHaveCount(1);
    // Browser mode reads the dropped file's text (main parses it); it joins the file opened by path.
    await dropFiles(page, 'compare-screen', [
      { name: 'dropped-copy.bplab.json', bytes: readFileSync(resultsFile) },
    ]);
    await expect(compare.file('dropped-copy.bplab.json')).toHaveCount(1);
    await expect(compare.files).toHaveCount(2);
    await expect(compare.openError).toHaveCount(0);
    await expect(compare.choices).toHaveCount(4);
    // A report is made by main from files on disk: one dropped into the page is refused in words.
    await compare.exportButton.click();
    await expect(compare.exportError).toContainText('dropped-copy.bplab.json was dropped into the page');
    await compare.file('dropped-copy.bplab.json').getByRole('button', { name: 'close' }).click();
    await expect(compare.files).toHaveCount(1);
  });

  await test.step("a chart's hover tooltip at the window's right edge stays inside the window", async () => {
    // One of the experiment's runs, with the charts of what its poller saw (the live view's charts).
    await visitScreen(app, 'runs');
    await openRun(runs, 0, runs.rowsOn(SCHEMA));
    // The bars' tooltip holds an index's whole name and its figures: wider than the bars' plot.
    for (const chart of ['samples-bars', 'samples-pages', 'samples-rates']) {
      const tooltip = await hoverChartEdge(page.getByTestId(chart));
      await expect(tooltip).toContainText(/\d/);
      expect(await app.outsideWindow(), `${chart}'s tooltip at 1024×700`).toEqual([]);
    }
    await page.mouse.move(0, 0);
    // The run view opens with the story: time, pages read, hit ratio, then the LRU map and pages over time.
    await expect(page.getByTestId('run-glance-time')).toHaveText(/\d/);
    await expect(page.getByTestId('run-glance-pages-read')).toHaveText(/\d/);
    await runs.result.evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
    const mapTop = (await runs.section('samples').boundingBox())!.y;
    const explainTop = (await runs.section('explain').boundingBox())!.y;
    expect(mapTop).toBeLessThan(explainTop);
    await page.screenshot({ path: readmePicture('run-view.png') });
  });

  await test.step('two runs ticked in the Runs list are compared side by side', async () => {
    const rows = runs.rowsOn(SCHEMA);
    const compare = await compareSelectedRuns(runs, [rows.nth(0), rows.nth(1)]);
    await expect(compare.picked).toContainText('2 runs picked');
    await expect(compare.legend).toContainText(/^A = Q\d\.\d at \d\d:\d\d:\d\d · B = Q\d\.\d at /);
    await expect(compare.headline).toHaveCount(1);
    await expect(compare.findings.or(page.getByTestId('findings-none')).first()).toBeVisible();
    expect(await overflowingTables(page)).toEqual([]);
  });
});
