/**
 * The LRU map's frame time in Chromium: the real draw code (fillLruMap + LruMapPainter, bundled from
 * src/renderer) on a 900-pixel canvas, for a 4 GB pool (262,144 pages) and a 16 GB pool (1,048,576
 * pages), in one pool instance and in eight, with frames shaped like the poller's (~512 buckets per
 * pool) and, as a stress case, one bucket per page (4 GB). Each frame's time is parse (the JSON message
 * with the map packed, as main sends it and the socket client parses it) + decode + fill + putImageData;
 * the parse of the nested-array form the packed one replaced is printed beside it. Then frames arrive live at the poller's fastest
 * rate (50 ms) while requestAnimationFrame intervals are measured, beside the same intervals with
 * nothing drawn (the reference, measured in the same page). Goal: p95 ≤ 16 ms (60 fps).
 *
 *   npm run bench -- lru-map
 */
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { CaseFigures, CaseSpec } from './lib/lru-map.types.ts';

const GOAL_MS = 16;
const GB_PAGES = 65_536; // 16 KiB pages

const CASES: Array<{ label: string; spec: CaseSpec }> = [
  { label: '4 GB, 1 pool, 512 buckets', spec: spec(4, 1, 512) },
  { label: '4 GB, 8 pools, 512 buckets each', spec: spec(4, 8, 512) },
  { label: '16 GB, 1 pool, 512 buckets', spec: spec(16, 1, 512) },
  { label: '16 GB, 8 pools, 512 buckets each', spec: spec(16, 8, 512) },
  { label: '4 GB, 1 pool, a bucket per page (stress)', spec: spec(4, 1, 0) },
];

function spec(gb: number, pools: number, buckets: number): CaseSpec {
  return {
    poolPages: gb * GB_PAGES,
    pools,
    buckets,
    frames: buckets === 0 ? 10 : 200,
    intervalMs: 50,
    liveMs: 3000,
  };
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

const bundle = await build({
  entryPoints: ['bench/lib/lru-map.page.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  logLevel: 'warning',
});
const browser = await chromium.launch({
  executablePath: process.env.BPLAB_E2E_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  await page.setContent('<body style="margin:0"><canvas id="map" style="width:900px"></canvas></body>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  console.log(
    `LRU map frame time in Chromium (${await browser.version()}), 900 px wide; goal p95 ≤ ${GOAL_MS} ms`,
  );
  for (const c of CASES) {
    const f = await page.evaluate(
      (s) => (globalThis as unknown as { runCase(s: CaseSpec): Promise<CaseFigures> }).runCase(s),
      c.spec,
    );
    const total = f.drawMs.map((d, i) => d + f.parseMs[i]!);
    const p95 = quantile(total, 0.95);
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(
      `\n${c.label}: ${c.spec.poolPages.toLocaleString('en-US')} pages, frame message ${kib(f.frameBytes)} packed (${kib(f.nestedFrameBytes)} as nested JSON arrays)`,
    );
    console.log(
      `  frame (parse + decode + fill + put): p50 ${ms(quantile(total, 0.5))}  p95 ${ms(p95)}  max ${ms(Math.max(...total))}` +
        `   goal ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'met' : 'NOT met'} (${(p95 / GOAL_MS).toFixed(2)}× the budget)`,
    );
    const refP50 = quantile(f.referenceMs, 0.5);
    const refP95 = quantile(f.referenceMs, 0.95);
    console.log(
      `  a fixed ${ms(refP50)} CPU task timed after each frame (the machine's load, same run): p95 ${ms(refP95)} (${(refP95 / refP50).toFixed(1)}× its p50)` +
        (p95 > GOAL_MS && refP95 > 2 * refP50
          ? `: the load alone stretches a task ${(refP95 / refP50).toFixed(0)}×, so this p95 is mostly waiting for a core`
          : ''),
    );
    const nestedP95 = quantile(f.nestedParseMs, 0.95);
    const parseP95 = quantile(f.parseMs, 0.95);
    console.log(
      `  parse p95 ${ms(parseP95)} packed beside ${ms(nestedP95)} for the nested arrays (${(parseP95 / nestedP95).toFixed(2)}×); decode + fill + put p95 ${ms(quantile(f.drawMs, 0.95))}`,
    );
    const live = quantile(f.liveRafMs, 0.95);
    const idle = quantile(f.idleRafMs, 0.95);
    console.log(
      `  animation frames while frames arrive every ${c.spec.intervalMs} ms: p95 interval ${ms(live)} beside ${ms(idle)} with nothing drawn` +
        ` (${(live / idle).toFixed(2)}×); ${f.drawnLive} frames drawn in ${c.spec.liveMs / 1000} s` +
        (f.idleRafMs.length === 0 ? ' (no idle interval was measured: the page got no animation frame)' : ''),
    );
  }
} finally {
  await browser.close();
}
