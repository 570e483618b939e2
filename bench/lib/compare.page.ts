/**
 * The page side of bench/compare.ts, bundled and run in Chromium: the comparison screen's own code
 * (its model and ComparisonBody) drawing a results file from the message experiments/open sends.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ComparisonBody } from '../../src/renderer/features/compare/components/ComparisonBody';
import { comparisonView, pairDetail } from '../../src/renderer/features/compare/utils/compare-view';
import type { ExperimentFile } from '../../src/shared/experiments/experiment-file';
import type { DrawFigures } from './compare.types.ts';

async function drawComparison(message: string, file: string, labels: string[]): Promise<DrawFigures> {
  const t0 = performance.now();
  const experiment = (JSON.parse(message) as { value: ExperimentFile }).value;
  const t1 = performance.now();
  const out = comparisonView([{ file, experiment }], labels);
  if (!out.ok) throw new Error(out.problem);
  const detail = pairDetail(out.view, null);
  const t2 = performance.now();
  const host = document.createElement('main');
  document.body.replaceChildren(host);
  const root = createRoot(host);
  const noop = () => {};
  flushSync(() =>
    root.render(createElement(ComparisonBody, { view: out.view, detail, onShow: noop, onPair: noop })),
  );
  const t3 = performance.now();
  void document.body.getBoundingClientRect().height;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const t4 = performance.now();
  const elements = host.querySelectorAll('*').length;
  root.unmount();
  return { parseMs: t1 - t0, modelMs: t2 - t1, renderMs: t3 - t2, paintMs: t4 - t3, elements };
}

(globalThis as unknown as { drawComparison: typeof drawComparison }).drawComparison = drawComparison;
