import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { serverFormErrors } from '../../lib/forms';

/**
 * Shows a failed save in its form: each field the server named gets its message (or the form's
 * own wording of the error code) and the first of them the focus. Returns the message for the
 * whole form, or null when the fields say it all.
 */
export function applyServerErrors<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  error: unknown,
  serverFields: readonly Path<T>[],
  codeMessages: Readonly<Record<string, string>> = {},
): string | null {
  const { fields, form: message } = serverFormErrors(error, serverFields, codeMessages);
  const worded = isApiError(error) ? codeMessages[error.code] : undefined;
  const named = Object.entries(fields) as [Path<T>, string][];
  named.forEach(([name, text], index) =>
    form.setError(name, { type: 'server', message: worded ?? text }, { shouldFocus: !index }),
  );
  return named.length ? null : message;
}
