import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { appRoutes, type TRegisterBody } from '@flowsmith/shared';
import { authApi } from '../../lib/auth';
import { lazyZodResolver } from '../../lib/forms';
import { serverFormErrors, setFieldErrors } from './form-errors';
import { NewPasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import { CheckInbox } from './mail-delivery-note';
import { ResendButton } from './resend-verification';
import { AuthForm, EmailField } from './auth-form';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((s) => s.ZRegisterBody));

const FIELDS = ['name', 'email', 'password'] as const;

/** After sign-up the account exists but is unverified: tell the user to check their inbox. */
function VerificationSent({ email }: { email: string }) {
  return (
    <CheckInbox
      next={
        <>
          <ResendButton email={email} label="Resend" />
          <p className="auth-switch">
            Verified already? <Link to={appRoutes.login}>Sign in</Link>
          </p>
        </>
      }
    >
      <p className="auth-subtitle">
        We sent a verification link to <strong>{email}</strong>. Open it to activate your account,
        then sign in.
      </p>
      <p className="auth-subtitle">
        If this address has an account already, the mail tells you how to sign in instead.
      </p>
    </CheckInbox>
  );
}

function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const register = useMutation({
    mutationFn: (body: TRegisterBody) => authApi.register(body),
    onSuccess: ({ user }) => setRegisteredEmail(user.email),
    onError: (error) => setFieldErrors(setError, error, FIELDS),
  });

  if (registeredEmail) return <VerificationSent email={registeredEmail} />;
  const formError = register.isError ? serverFormErrors(register.error, FIELDS).form : null;

  return (
    <>
      <h1 className="auth-title">Create account</h1>
      <p className="auth-subtitle">Build AI workflows on a canvas and run them anywhere.</p>
      <AuthForm
        onSubmit={handleSubmit((body) => register.mutate(body))}
        preload={resolver.preload}
        error={formError}
        submit={{ label: 'Create account', icon: 'pi pi-user-plus', loading: register.isPending }}
      >
        <TextField
          control={control}
          name="name"
          id="register-name"
          label="Name"
          autoComplete="name"
        />
        <EmailField control={control} id="register-email" />
        <NewPasswordField
          control={control}
          name="password"
          id="register-password"
          label="Password"
        />
      </AuthForm>
      <p className="auth-switch">
        Already have an account? <Link to={appRoutes.login}>Sign in</Link>
      </p>
    </>
  );
}

export default RegisterPage;
