import { isApiError } from '../api';

export type TServerFormErrors<F extends string> = {
  /** Messages to show under individual fields, from a 400's `details`. */
  fields: Partial<Record<F, string>>;
  /** Message for the whole form, or null when every problem belongs to a field. */
  form: string | null;
};

/**
 * Splits an API error into field messages (400 `details` whose `field` is one of the form's
 * fields) and one form-level message for everything else. `codeMessages` lets a form word an
 * error code its own way (a 409 means something different on each form).
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
  codeMessages: Readonly<Record<string, string>> = {},
): TServerFormErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : 'Something went wrong.';
    return { fields, form: `Could not reach the server (${message}).` };
  }
  const unmatched: string[] = [];
  for (const detail of error.details) {
    const field = fieldNames.find((name) => name === detail.field);
    if (field && fields[field] === undefined) fields[field] = detail.message;
    else if (!field) unmatched.push(detail.message);
  }
  const hasFieldErrors = Object.keys(fields).length > 0;
  if (error.code === 'validation_error' && hasFieldErrors && unmatched.length === 0) {
    return { fields, form: null };
  }
  const form =
    codeMessages[error.code] ?? (unmatched.length > 0 ? unmatched.join(' ') : error.message);
  return { fields, form };
}

/** One line for a toast or inline message: the server's own words, or the transport failure. */
export function errorText(error: unknown): string {
  return serverFormErrors(error, []).form ?? 'Something went wrong.';
}
