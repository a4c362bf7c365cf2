import { isApiError } from '../../lib/api';

/** Form-level texts for the API error codes the auth forms can meet. */
const codeMessages: Record<string, string> = {
  invalid_credentials: 'Wrong e-mail or password.',
  email_not_verified:
    'Your e-mail address is not verified yet. Open the link we sent you, or get a new one below.',
  conflict: 'An account with this e-mail address already exists. Sign in instead.',
  rate_limited: 'Too many attempts. Wait a minute and try again.',
};

export type TServerFormErrors<F extends string> = {
  /** Messages to show under individual fields, from a 400's `details`. */
  fields: Partial<Record<F, string>>;
  /** Message for the whole form, or null when every problem belongs to a field. */
  form: string | null;
};

/**
 * Splits an error from an auth call into field messages (400 `details` whose `field` is one of
 * the form's fields) and one form-level message for everything else.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
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
