import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { appRoutes, PASSWORD_MIN_LENGTH } from '@flowsmith/shared';
import { PasswordField } from '../../components/form/password-field';
import { authApi } from '../../lib/auth';
import { lazyZodResolver } from '../../lib/forms';
import { serverFormErrors } from './form-errors';
import { LightButton, LightMessage } from '../../components/light-controls';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((s) => s.ZResetPasswordBody));

const FIELDS = ['token', 'password'] as const;

/** Choose a new password from the mailed link (`?token=`); the link works once, within 1 hour. */
function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { token, password: '' },
  });
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onError: (error) => {
      const { fields } = serverFormErrors(error, FIELDS);
      if (fields.password) setError('password', { type: 'server', message: fields.password });
    },
  });

  if (reset.isSuccess) {
    return (
      <div className="verify-email">
        <i
          className="pi pi-check-circle verify-email__icon verify-email__icon--ok"
          aria-hidden="true"
        />
        <h1 className="auth-title">Password changed</h1>
        <p className="auth-subtitle">
          Sign in with your new password. Every other session of your account was signed out.
        </p>
        <Link to={appRoutes.login} className="p-button p-component w-full justify-content-center">
          <span className="p-button-label">Sign in</span>
        </Link>
      </div>
    );
  }

  const errors = reset.isError ? serverFormErrors(reset.error, FIELDS) : null;
  const linkProblem = !token
    ? 'This reset link has no token. Use the link from the e-mail, or ask for a new one.'
    : (errors?.fields.token ?? null);

  return (
    <>
      <h1 className="auth-title">Choose a new password</h1>
      {linkProblem ? (
        <>
          <LightMessage severity="error" text={linkProblem} className="w-full" />
          <Link
            to={appRoutes.forgotPassword}
            className="p-button p-component w-full justify-content-center"
          >
            <span className="p-button-label">Send me a new link</span>
          </Link>
        </>
      ) : (
        <form
          className="auth-form"
          noValidate
          onFocus={resolver.preload}
          onSubmit={handleSubmit((body) => reset.mutate(body))}
        >
          <PasswordField
            control={control}
            name="password"
            id="reset-password"
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          {errors?.form ? (
            <LightMessage severity="error" text={errors.form} className="w-full" />
          ) : null}
          <LightButton
            type="submit"
            label="Set new password"
            icon="pi pi-check"
            loading={reset.isPending}
          />
        </form>
      )}
      <p className="auth-switch">
        <Link to={appRoutes.login}>Back to sign in</Link>
      </p>
    </>
  );
}

export default ResetPasswordPage;
