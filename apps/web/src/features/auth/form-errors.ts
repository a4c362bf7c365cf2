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
