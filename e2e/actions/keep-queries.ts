import { expect } from '@playwright/test';
import type { ExperimentsPage } from '../pages/experiments-page';

/** Unticks every query variant but the ones named ("Q1.1" for its base variant, or "Q1.1/straight"). */
export async function keepQueries(experiments: ExperimentsPage, keep: string[]): Promise<void> {
  const wanted = new Set(keep.map((k) => (k.includes('/') ? k : `${k}/base`)));
  for (;;) {
    const picked = await experiments.pickedQueries.evaluateAll((boxes) =>
      boxes.map((b) => `${b.getAttribute('data-query')}/${b.getAttribute('data-variant')}`),
    );
    const drop = picked.find((p) => !wanted.has(p));
    if (!drop) break;
    const [queryId, variant] = drop.split('/') as [string, string];
    await experiments.query(queryId, variant).uncheck();
  }
  for (const k of wanted) {
    const [queryId, variant] = k.split('/') as [string, string];
    await experiments.query(queryId, variant).check();
  }
  await expect(experiments.pickedQueries).toHaveCount(wanted.size);
}
