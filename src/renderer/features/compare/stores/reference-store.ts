/**
 * The Compare screen's form to add a reference figure to an open experiment file: what was typed (kept
 * whatever fails), the problems under their fields, an earlier result's figure taken as the value, and
 * the figure kept in the file by main (reports/add-references, as `bplab compare --keep` keeps it),
 * after which the file is opened again so its verdict shows at once with the others.
 */
import { create } from 'zustand';
import type { AppError } from '../../../../shared/result';
import { call } from '../../../lib/api';
import { isOpenedLoad } from '../utils/opened-loads';
import type { LoadedResults } from '../utils/compare-view';
import { mainResultsSource, type ResultsSource } from '../utils/results-source';
import { useCompare } from './compare-store';
import {
  changeReferenceForm,
  emptyReferenceForm,
  figureFromForm,
  fromEarlier,
  referenceChoices,
  type ReferenceForm,
  type ReferenceFormErrors,
} from '../utils/reference-form';

export interface ReferenceState {
  /** The experiment file the figure goes to (its path). */
  target: string | null;
  form: ReferenceForm | null;
  errors: ReferenceFormErrors;
  /** Reading an earlier result, or keeping the figure. */
  busy: boolean;
  error: AppError | null;
  /** The figure last kept, by its name. */
  added: string | null;
  /** A fresh form for this file (nothing typed kept from another file's). */
  start(target: LoadedResults): void;
  change(patch: Partial<ReferenceForm>): void;
  /** The figure as the form describes it, measured on the earlier results file at `path`. */
  takeEarlier(target: LoadedResults, path: string): Promise<void>;
  save(target: LoadedResults): Promise<void>;
}

export interface ReferenceDeps {
  source: ResultsSource;
  /** Opens the file again on the Compare screen, its new figure with it. */
  reload(file: string): Promise<void>;
  today(): string;
}

export function createReferenceStore(deps: ReferenceDeps) {
  return create<ReferenceState>()((set, get) => ({
    target: null,
    form: null,
    errors: {},
    busy: false,
    error: null,
    added: null,
    start: (target) =>
      set({
        target: target.file,
        form: emptyReferenceForm(referenceChoices(target.experiment.definition)),
        errors: {},
        error: null,
        added: null,
      }),
    change: (patch) => {
      const { form, errors } = get();
      if (!form) return;
      const cleared = { ...errors };
      for (const k of Object.keys(patch)) delete cleared[k as keyof ReferenceForm];
      set({ form: changeReferenceForm(form, patch), errors: cleared, added: null });
    },
    takeEarlier: async (target, path) => {
      const { form } = get();
      const file = path.trim();
      if (!form) return;
      if (!file)
        return set({ errors: { ...get().errors, earlier: 'give the path of an earlier results file' } });
      set({ busy: true, error: null });
      const opened = await deps.source.open(file);
      const current = get().form ?? form;
      if (!opened.ok) return set({ busy: false, errors: { ...get().errors, earlier: opened.error.message } });
      if (isOpenedLoad(opened.value))
        return set({
          busy: false,
          errors: { ...get().errors, earlier: `${file} is a load result: pick an experiment’s results file` },
        });
      const taken = fromEarlier(current, target.experiment.definition, opened.value);
      if (!taken.ok) return set({ busy: false, errors: { ...get().errors, ...taken.errors } });
      const errors = { ...get().errors };
      for (const k of ['value', 'source', 'where', 'earlier'] as const) delete errors[k];
      set({ busy: false, form: { ...current, ...taken.patch }, errors });
    },
    save: async (target) => {
      const { form } = get();
      if (!form) return;
      if (target.dropped)
        return set({
          error: {
            code: 'INVALID_ARGUMENT',
            message: `${target.file} was dropped into the page: bplab has no path to write the figure to.`,
            hint: 'Open it by its path (the field above) to add figures to it.',
          },
        });
      const checked = figureFromForm(form, target.experiment.definition, deps.today());
      if (!checked.ok) return set({ errors: checked.errors, error: null, added: null });
      set({ busy: true, error: null, errors: {} });
      const kept = await call('reports/add-references', { file: target.file, figures: [checked.figure] });
      if (!kept.ok) return set({ busy: false, error: kept.error });
      await deps.reload(target.file);
      set({
        busy: false,
        added: checked.figure.label,
        form: { ...emptyReferenceForm(referenceChoices(target.experiment.definition)), ...keptChoices(form) },
      });
    },
  }));
}

/** What the figure measured stays chosen for the next one; what was typed for this one is cleared. */
const keptChoices = (f: ReferenceForm) => ({
  kind: f.kind,
  side: f.side,
  other: f.other,
  pass: f.pass,
  query: f.query,
  step: f.step,
  clients: f.clients,
  unit: f.unit,
});

export const useReference = createReferenceStore({
  source: mainResultsSource,
  reload: (file) => useCompare.getState().open(file),
  today: () => new Date().toISOString().slice(0, 10),
});
