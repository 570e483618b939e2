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
