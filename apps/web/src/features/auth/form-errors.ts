import { serverFormErrors as splitServerErrors, type TServerFormErrors } from '../../lib/forms';

/**
 * Form-level texts for the API error codes the auth forms can meet; others (such as a 429,
 * which says how long to wait) show the server's own message.
 */
const codeMessages: Record<string, string> = {
  invalid_credentials: 'Wrong e-mail or password.',
  email_not_verified:
    'Your e-mail address is not verified yet. Open the link we sent you, or get a new one below.',
};

/** `serverFormErrors` with the auth forms' wording of error codes. */
export function serverFormErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
): TServerFormErrors<F> {
  return splitServerErrors(error, fieldNames, codeMessages);
}

/** Puts each message the server gave for one of `fieldNames` on that field of the form. */
export function setFieldErrors<F extends string>(
  setError: (name: F, error: { type: string; message: string }) => void,
  error: unknown,
  fieldNames: readonly F[],
) {
  const { fields } = serverFormErrors(error, fieldNames);
  for (const name of fieldNames) {
    const message = fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
