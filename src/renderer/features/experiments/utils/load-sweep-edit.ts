/**
 * An experiment's load sweep edited in the builder, as a person can shrink a preset (post 002's 20 s at
 * 1 and 64 clients to 1 s at 1 and 2): a field's text read as the load screen reads it (shared
 * load-fields), written into the draft when right, said in words naming the field when not.
 */
import type { ExperimentDefinitionInput } from '../../../../shared/experiments/experiments';
import { clientCountsField, secondsField, wholeField } from '../../../../shared/load/load-fields';

export const LOAD_SWEEP_FIELDS = [
  ['clients', 'Clients (one step each)'],
  ['rows', 'Rows per table'],
  ['seconds', 'Seconds per step'],
  ['warmupSeconds', 'Warm-up seconds'],
] as const;
export type LoadStepField = (typeof LOAD_SWEEP_FIELDS)[number][0];

type LoadStepInput = NonNullable<ExperimentDefinitionInput['loads']>[number];

/** The field as text, from the draft. */
export function loadStepText(step: LoadStepInput, field: LoadStepField): string {
  if (field === 'clients') return step.clients.join(',');
  return String(step[field] ?? 0);
}

function valueOf(field: LoadStepField, text: string): number | number[] | string {
  switch (field) {
    case 'clients':
      return clientCountsField(text);
    case 'rows':
      return wholeField('Rows per table', text, 1, 2 ** 31 - 2);
    case 'seconds':
      return secondsField('Seconds per step', text, 0.5, 86_400);
    case 'warmupSeconds':
      return secondsField('Warm-up seconds', text, 0, 3_600);
  }
}

/** The draft with load step `index`'s field set from `text`, or what is wrong with the text in words. */
export function editLoadStep(
  d: ExperimentDefinitionInput,
  index: number,
  field: LoadStepField,
  text: string,
): { definition: ExperimentDefinitionInput } | { problem: string } {
  const value = valueOf(field, text);
  if (typeof value === 'string') return { problem: value };
  const loads = (d.loads ?? []).map((l, i) => (i === index ? { ...l, [field]: value } : l));
  return { definition: { ...d, loads } };
}
