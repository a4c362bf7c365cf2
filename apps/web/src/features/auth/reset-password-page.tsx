import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { NewPasswordField } from '../../components/form/password-field';
import { authApi } from '../../lib/auth';
import { lazyZodResolver } from '../../lib/forms';
import { serverFormErrors, setFieldErrors } from './form-errors';
import { LightMessage } from '../../components/light-controls';
import { AuthForm } from './auth-form';
import { AuthOutcome, LinkButton } from './auth-outcome';

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
    onError: (error) => setFieldErrors(setError, error, ['password'] as const),
  });

  if (reset.isSuccess) {
    return (
      <AuthOutcome title="Password changed" next={{ to: appRoutes.login, label: 'Sign in' }}>
        Sign in with your new password. Every other session of your account was signed out.
      </AuthOutcome>
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
          <LinkButton to={appRoutes.forgotPassword} label="Send me a new link" />
        </>
      ) : (
        <AuthForm
          onSubmit={handleSubmit((body) => reset.mutate(body))}
          preload={resolver.preload}
          error={errors?.form}
          submit={{ label: 'Set new password', icon: 'pi pi-check', loading: reset.isPending }}
        >
          <NewPasswordField
            control={control}
            name="password"
            id="reset-password"
            label="New password"
          />
        </AuthForm>
      )}
      <p className="auth-switch">
        <Link to={appRoutes.login}>Back to sign in</Link>
      </p>
    </>
  );
}

export default ResetPasswordPage;
