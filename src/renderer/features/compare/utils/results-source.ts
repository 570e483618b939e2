/**
 * Where the comparison gets its results files: a small interface, so the open-document store can
 * feed it once it lands. Loading stays in one place: main's experiments/open (validated, with the path
 * in the file of whatever is wrong), asked for the comparison's view: without the live samples and the
 * rest the comparison never reads (reports/open, as experiments/open's view 'comparison'), or a load
 * result (bplab load, bplab load --during) by what it holds. A file dropped in browser mode
 * has no path main can read: its text goes through experiments/parse, as the document bar's does.
 */
import type { Result } from '../../../../shared/result';
import { call } from '../../../lib/api';
import type { LoadedResults } from './compare-view';
import { openedFile, type OpenedFile } from './opened-loads';

export interface ResultsSource {
  /** A results file by its path: an experiment or run file, or a `bplab load` (--during) result. */
  open(file: string): Promise<Result<OpenedFile>>;
  /** A file dropped in browser mode, by its text (main checks it as open does); `name` names it. */
  parse(name: string, text: string): Promise<Result<LoadedResults>>;
}

export const mainResultsSource: ResultsSource = {
  async open(file) {
    const opened = await call('reports/open', { file });
    return opened.ok ? { ok: true, value: openedFile(file, opened.value) } : opened;
  },
  async parse(name, text) {
    const parsed = await call('experiments/parse', { name, text });
    return parsed.ok ? { ok: true, value: { file: name, experiment: parsed.value, dropped: true } } : parsed;
  },
};
