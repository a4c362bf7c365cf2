import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { authApi } from '../../lib/auth';
import { lazyZodResolver } from '../../lib/forms';
import { serverFormErrors, setFieldErrors } from './form-errors';
import { MailDeliveryNote } from './mail-delivery-note';
import { AuthForm, EmailField } from './auth-form';
import { LightButton, LightMessage } from '../../components/light-controls';

const resolver = lazyZodResolver(() =>
  import('./auth-schemas').then((s) => s.ZResendVerificationBody),
);

const SENT_TEXT =
  'If an unverified account uses this address, a new verification link is on its way.';

function MailSent() {
  return (
    <>
      <LightMessage severity="success" text={SENT_TEXT} className="w-full" />
      <MailDeliveryNote />
    </>
  );
}

/** "Resend verification mail" for a known address (after sign-up or a 403 at sign-in). */
export function ResendButton({
  email,
  label = 'Resend verification mail',
}: {
  email: string;
  label?: string;
}) {
  const resend = useMutation({ mutationFn: () => authApi.resendVerification(email) });
  return (
    <div className="resend">
      <LightButton
        type="button"
        label={label}
        icon="pi pi-envelope"
        outlined
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      />
      {resend.isSuccess ? <MailSent /> : null}
      {resend.isError ? (
        <LightMessage
          severity="error"
          text={serverFormErrors(resend.error, []).form ?? ''}
          className="w-full"
        />
      ) : null}
    </div>
  );
}

/** Resend form with its own e-mail field, for a verification link that failed. */
export function ResendVerificationForm() {
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { email: '' },
  });
  const resend = useMutation({
    mutationFn: (email: string) => authApi.resendVerification(email),
    onSuccess: () => setSent(true),
    onError: (error) => setFieldErrors(setError, error, ['email'] as const),
  });
  const formError = resend.isError ? serverFormErrors(resend.error, ['email'] as const).form : null;

  return (
    <AuthForm
      onSubmit={handleSubmit(({ email }) => resend.mutate(email))}
      preload={resolver.preload}
      error={formError}
      notice={sent ? <MailSent /> : null}
      submit={{
        label: 'Resend verification mail',
        icon: 'pi pi-envelope',
        loading: resend.isPending,
      }}
    >
      <EmailField control={control} id="resend-email" />
    </AuthForm>
  );
}
