import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ProgressSpinner } from 'primereact/progressspinner';
import { appRoutes } from '@flowsmith/shared';
import { authApi, authKeys } from '../../lib/auth';
import { serverFormErrors } from './form-errors';
import { useSingleUseLink } from './single-use-link';
import { LightMessage } from '../../components/light-controls';
import { AuthOutcome } from './auth-outcome';

/** Makes the new address the account's from the link mailed to it (`?token=`), once. */
function ConfirmEmailPage() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useSingleUseLink(authKeys.confirmEmail(token), token, () =>
    authApi.confirmEmail(token),
  );
  const confirmed = confirm.isSuccess;
  useEffect(() => {
    // A signed-in tab shows the new address at once.
    if (confirmed) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  }, [confirmed, queryClient]);

  if (token && confirm.isPending) {
    return (
      <div className="verify-email" aria-busy="true">
        <h1 className="auth-title">Confirming your new e-mail address…</h1>
        <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthOutcome title="E-mail address changed" next={{ to: appRoutes.home, label: 'Continue' }}>
        Your account now uses <strong>{confirm.data.user.email}</strong>. Sign in with it from now
        on.
      </AuthOutcome>
    );
  }
  const problem = !token
    ? 'This confirmation link has no token. Use the link from the e-mail.'
    : (serverFormErrors(confirm.error, ['token'] as const).fields.token ??
      'This confirmation link is invalid or has expired.');
  return (
    <div className="verify-email">
      <h1 className="auth-title">E-mail address not changed</h1>
      <LightMessage severity="error" text={problem} className="w-full" />
      <p className="auth-subtitle">Ask for the change again under Settings → General.</p>
      <p className="auth-switch">
        <Link to={appRoutes.settings}>Open settings</Link>
      </p>
    </div>
  );
}

export default ConfirmEmailPage;
