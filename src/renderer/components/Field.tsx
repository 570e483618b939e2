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
 * A text input bound to a form's state: its value is form[name], a change goes through `change`,
 * and its error is errors[name]. `numeric` numbers are right-aligned and get the numeric keypad.
 */
export function TextField<F extends object>({
  form,
  errors,
  change,
  name,
  label,
  testId,
  hint,
  numeric = false,
  placeholder,
  type,
  autoComplete,
}: {
  form: F;
  errors?: Partial<Record<keyof F, string>>;
  change: (patch: Partial<F>) => void;
  name: keyof F & string;
  label: string;
  testId: string;
  hint?: string;
  numeric?: boolean;
  placeholder?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
}) {
  return (
    <Field label={label} name={name} error={errors?.[name]} {...(hint ? { hint } : {})}>
      <input
        data-testid={testId}
        value={String(form[name] ?? '')}
        onChange={(e) => change({ [name]: e.target.value } as Partial<F>)}
        {...(numeric ? { inputMode: 'numeric' as const, className: 'numeric' } : {})}
        {...(placeholder ? { placeholder } : {})}
        {...(type ? { type } : {})}
        {...(autoComplete ? { autoComplete } : {})}
      />
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
}: {
  form: F;
  change: (patch: Partial<F>) => void;
  name: keyof F & string;
  testId: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        data-testid={testId}
        checked={Boolean(form[name])}
        disabled={disabled}
        onChange={(e) => change({ [name]: e.target.checked } as Partial<F>)}
      />
      {children}
    </label>
  );
}
