import type { QueriesPage } from '../pages/queries-page';

/** Types a size for the chosen sandbox's pool and presses Resize (the journey waits for what it says). */
export async function resizePool(queries: QueriesPage, size: string): Promise<void> {
  await queries.poolResizeSize.fill(size);
  await queries.poolResize.click();
}
