/** A labelled form control with its validation message under it. */
import type { ReactNode } from 'react';

export function Field({
  label,
  error,
  hint,
  name,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <label className={error ? 'field field-invalid' : 'field'}>
      <span>{label}</span>
      {children}
      {hint && !error && <small className="field-hint">{hint}</small>}
      {error && (
        <small className="field-error" data-testid="field-error" data-field={name}>
          {error}
        </small>
      )}
    </label>
  );
}

/**
 * A control bound to a form's state: its value is form[name], a change goes through `change` as
 * { [name]: value }, and its error is errors[name]. Spread one `bound = { form, errors, change }`.
 */
interface Bound<F extends object> {
  form: F;
  errors?: Partial<Record<keyof F, string | undefined>>;
  change: (patch: Partial<F>) => void;
  name: keyof F & string;
  label: string;
  testId: string;
}

/** The Field a bound control sits in: its label, and the error the form has for it. */
const fieldOf = <F extends object>(b: Bound<F>) => ({
  label: b.label,
  name: b.name,
  error: b.errors?.[b.name],
});

/** The patch setting form[name] to what the control now holds. */
const patchOf = <F extends object>(name: keyof F & string, value: unknown) =>
  ({ [name]: value }) as Partial<F>;

/** A text input bound to a form's state. `numeric` numbers are right-aligned and get the numeric keypad. */
export function TextField<F extends object>({
  hint,
  numeric = false,
  placeholder,
  type,
  autoComplete,
  ...b
}: Bound<F> & {
  hint?: string;
  numeric?: boolean;
  placeholder?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
}) {
  return (
    <Field {...fieldOf(b)} {...(hint ? { hint } : {})}>
      <input
        data-testid={b.testId}
        value={String(b.form[b.name] ?? '')}
        onChange={(e) => b.change(patchOf(b.name, e.target.value))}
        {...(numeric ? { inputMode: 'numeric' as const, className: 'numeric' } : {})}
        {...(placeholder ? { placeholder } : {})}
        {...(type ? { type } : {})}
        {...(autoComplete ? { autoComplete } : {})}
      />
    </Field>
  );
}

/** A number input bound to a form's number: an emptied box sends NaN (the form's check names it) and shows empty. */
export function NumberField<F extends object>({ min, ...b }: Bound<F> & { min?: number }) {
  const value = Number(b.form[b.name]);
  return (
    <Field {...fieldOf(b)}>
      <input
        type="number"
        min={min}
        data-testid={b.testId}
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) => b.change(patchOf(b.name, e.target.valueAsNumber))}
      />
    </Field>
  );
}

/** One entry of a SelectField: the value kept in the form (typed, so a constant list is checked), and the words shown. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** A drop-down bound to a form's state. `none`: the words of the one empty entry while there is nothing to choose. */
export function SelectField<F extends object>({
  choices,
  disabled,
  none,
  hint,
  ...b
}: Bound<F> & { choices: readonly Choice[]; disabled?: boolean; none?: string; hint?: string }) {
  return (
    <Field {...fieldOf(b)} {...(hint ? { hint } : {})}>
      <select
        data-testid={b.testId}
        value={String(b.form[b.name] ?? '')}
        disabled={disabled}
        onChange={(e) => b.change(patchOf(b.name, e.target.value))}
      >
        {choices.length === 0 && none !== undefined && <option value="">{none}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox bound to a form's state, like TextField: checked is form[name]; its words are the children. */
export function CheckField<F extends object>({
  form,
  change,
  name,
  testId,
  disabled = false,
  children,
}: Pick<Bound<F>, 'form' | 'change' | 'name' | 'testId'> & { disabled?: boolean; children: ReactNode }) {
  return (
    <label className="check">
      <input
        type="checkbox"
        data-testid={testId}
        checked={Boolean(form[name])}
        disabled={disabled}
        onChange={(e) => change(patchOf(name, e.target.checked))}
      />
      {children}
    </label>
  );
}
