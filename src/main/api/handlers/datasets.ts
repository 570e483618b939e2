/** Handlers for datasets/*: thin calls into DatasetService. */
import type { DatasetService } from '../../ssb/dataset-service';
import type { Handlers } from '../router';

export type DatasetHandlers = Pick<
  Handlers,
  'datasets/list' | 'datasets/create' | 'datasets/import' | 'datasets/verify' | 'datasets/drop'
>;

export function datasetHandlers(datasets: DatasetService): DatasetHandlers {
  return {
    'datasets/list': ({ profileId, password }) => datasets.list({ profileId, password }),
    'datasets/create': ({ profileId, password, spec }) =>
      datasets.startGenerate({ profileId, password }, spec),
    'datasets/import': ({ profileId, password, spec }) => datasets.startImport({ profileId, password }, spec),
    'datasets/verify': async ({ profileId, password, schema }) =>
      datasets.beginVerify({ profileId, password }, schema),
    'datasets/drop': ({ profileId, password, schema }) => datasets.drop({ profileId, password }, schema),
  };
}
