import type { AppPage } from '../pages/app-page';
import { ComparePage } from '../pages/compare-page';
import { visitScreen } from './visit-screen';

/** Opens the comparison screen and a results file on it by its path. */
export async function openResultsFile(app: AppPage, file: string): Promise<ComparePage> {
  await visitScreen(app, 'compare');
  const compare = new ComparePage(app.page);
  await compare.path.fill(file);
  await compare.openButton.click();
  return compare;
}
