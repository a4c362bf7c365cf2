import { Link, useSearchParams } from 'react-router';
import { ProgressSpinner } from 'primereact/progressspinner';
import { appRoutes } from '@flowsmith/shared';
import { authApi, authKeys } from '../../lib/auth';
import { serverFormErrors } from './form-errors';
import { ResendVerificationForm } from './resend-verification';
import { useSingleUseLink } from './single-use-link';
import { LightMessage } from '../../components/light-controls';
import { AuthOutcome } from './auth-outcome';

/** Verifies the address from the mailed link (`?token=`), once. */
function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useSingleUseLink(authKeys.verifyEmail(token), token, () =>
    authApi.verifyEmail(token),
  );

  if (token && verify.isPending) {
    return (
      <div className="verify-email" aria-busy="true">
        <h1 className="auth-title">Verifying your e-mail…</h1>
        <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      </div>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthOutcome title="E-mail verified" next={{ to: appRoutes.login, label: 'Sign in' }}>
        Thanks, {verify.data.user.name}. Your account is active.
      </AuthOutcome>
    );
  }

  const problem = !token
    ? 'This verification link has no token. Use the link from the e-mail, or request a new one.'
    : verifyErrorText(verify.error);

  return (
    <div className="verify-email">
      <h1 className="auth-title">Verification failed</h1>
      <LightMessage severity="error" text={problem} className="w-full" />
      <p className="auth-subtitle">Enter your e-mail address to get a new verification link.</p>
      <ResendVerificationForm />
      <p className="auth-switch">
        <Link to={appRoutes.login}>Back to sign in</Link>
      </p>
    </div>
  );
}

function verifyErrorText(error: unknown): string {
  const { fields, form } = serverFormErrors(error, ['token'] as const);
  return fields.token ?? form ?? 'This verification link is invalid or has expired.';
}

export default VerifyEmailPage;
