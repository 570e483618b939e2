import { expect } from '@playwright/test';
import type { QueriesPage } from '../pages/queries-page';

/** Chooses a query's variant and previews its EXPLAIN on the chosen schema. */
export async function previewExplain(queries: QueriesPage, queryId: string, variant: string): Promise<void> {
  await queries.query(queryId).click();
  await queries.variant(variant).click();
  await queries.explainButton.click();
  await expect(queries.explainTable.or(queries.explainError)).toBeVisible();
}
