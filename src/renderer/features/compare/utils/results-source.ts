/**
 * Where the comparison gets its results files: a small interface, so the open-document store can
 * feed it once it lands. Loading stays in one place: main's experiments/open (validated, with the path
 * in the file of whatever is wrong), asked for the comparison's view: without the live samples and the
 * rest the comparison never reads (experiments/open's view 'comparison').
 */
import type { Result } from '../../../../shared/result';
import { call } from '../../../lib/api';
import type { LoadedResults } from './compare-view';

export interface ResultsSource {
  open(file: string): Promise<Result<LoadedResults>>;
}

export const mainResultsSource: ResultsSource = {
  async open(file) {
    const opened = await call('experiments/open', { file, view: 'comparison' });
    return opened.ok ? { ok: true, value: { file, experiment: opened.value } } : opened;
  },
};
