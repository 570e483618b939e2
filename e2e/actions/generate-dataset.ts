import type { DatasetsPage } from '../pages/datasets-page';

export interface NewDataset {
  schema: string;
  sf: string;
  seed?: string;
  engine?: 'InnoDB' | 'MyISAM';
  lineorderPk?: boolean;
}

/** Fills the create form for a generated dataset and starts the load (it does not wait for the end). */
export async function generateDataset(datasets: DatasetsPage, spec: NewDataset): Promise<void> {
  await datasets.mode.selectOption('generate');
  await datasets.sf.fill(spec.sf);
  if (spec.seed) await datasets.seed.fill(spec.seed);
  await datasets.schema.fill(spec.schema);
  if (spec.engine) await datasets.engine.selectOption(spec.engine);
  if (spec.lineorderPk) await datasets.lineorderPk.check();
  await datasets.start.click();
  await datasets.progress.waitFor();
}
