import type { QueriesPage } from '../pages/queries-page';

/** Fills the custom query editor (one variant) and presses Save; it does not wait for the answer. */
export async function saveCustomQuery(
  queries: QueriesPage,
  spec: { title: string; sql: string },
): Promise<void> {
  if (!(await queries.editor.isVisible())) await queries.newQuery.click();
  await queries.editorTitle.fill(spec.title);
  await queries.editorSql.fill(spec.sql);
  await queries.editorSave.click();
}
