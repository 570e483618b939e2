import { expect } from '@playwright/test';
import type { AppPage } from '../pages/app-page';
import { QueriesPage } from '../pages/queries-page';

/** Opens the Queries screen on a saved connection and a schema of it. */
export async function openQueries(app: AppPage, connection: string, schema: string): Promise<QueriesPage> {
  await app.tab('queries').click();
  const queries = new QueriesPage(app.page);
  await queries.screen.waitFor();
  await queries.profile.selectOption({ label: connection });
  await queries.schema.fill(schema);
  await expect(queries.flights.first()).toBeVisible();
  return queries;
}
