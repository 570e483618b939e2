import type { QueriesPage } from '../pages/queries-page';
import { RunsPage } from '../pages/runs-page';

/** Runs a query's variant with a poll setting; the Runs screen opens on it, live. */
export async function startRun(
  queries: QueriesPage,
  spec: { queryId: string; variant: string; poll: string },
): Promise<RunsPage> {
  await queries.query(spec.queryId).click();
  await queries.variant(spec.variant).click();
  await queries.poll.fill(spec.poll);
  await queries.run.click();
  const runs = new RunsPage(queries.page);
  await runs.screen.waitFor();
  return runs;
}
