import type { ReactNode } from 'react';

type TFormFieldProps = {
  id: string;
  label: string;
  /** Message shown under the field (client validation or the server's `details`). */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** Label, control and its error message, wired with `htmlFor` / `aria-describedby` ids. */
export function FormField({ id, label, error, hint, children }: TFormFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="p-error" role="alert">
          {error}
        </small>
      ) : hint ? (
        <small id={`${id}-hint`} className="form-field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
