import type { AppPage } from '../pages/app-page';
import { ExperimentsPage } from '../pages/experiments-page';
import { visitScreen } from './visit-screen';

/** Opens the Experiments screen from the navigation. */
export async function openExperiments(app: AppPage): Promise<ExperimentsPage> {
  await visitScreen(app, 'experiments');
  const experiments = new ExperimentsPage(app.page);
  await experiments.screen.waitFor();
  return experiments;
}
