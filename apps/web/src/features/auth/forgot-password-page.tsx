import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { appRoutes } from '@flowsmith/shared';
import { applyServerErrors } from '../../components/form/server-errors';
import { authApi } from '../../lib/auth';
import { lazyZodResolver } from '../../lib/forms';
import { AuthForm, EmailField } from './auth-form';
import { CheckInbox } from './mail-delivery-note';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((s) => s.ZForgotPasswordBody));

/** The server answers alike whether the address has an account, so this page does too. */
function LinkSent({ email }: { email: string }) {
  return (
    <CheckInbox
      next={
        <p className="auth-switch">
          <Link to={appRoutes.login}>Back to sign in</Link>
        </p>
      }
    >
      <p className="auth-subtitle">
        If an account uses <strong>{email}</strong>, we sent it a link to choose a new password. The
        link works once, within 1 hour.
      </p>
    </CheckInbox>
  );
}

function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword(email),
    onSuccess: (_data, email) => setSentTo(email),
  });
  const formError = send.isError ? applyServerErrors(form, send.error, ['email']) : null;

  if (sentTo) return <LinkSent email={sentTo} />;
  return (
    <>
      <h1 className="auth-title">Forgot your password?</h1>
      <p className="auth-subtitle">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <AuthForm
        onSubmit={form.handleSubmit(({ email }) => send.mutate(email))}
        preload={resolver.preload}
        error={formError}
        submit={{ label: 'Send reset link', icon: 'pi pi-envelope', loading: send.isPending }}
      >
        <EmailField control={form.control} id="forgot-email" />
      </AuthForm>
      <p className="auth-switch">
        Remembered it? <Link to={appRoutes.login}>Sign in</Link>
      </p>
    </>
  );
}

export default ForgotPasswordPage;
