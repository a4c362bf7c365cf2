import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes, type TLoginBody } from '@flowsmith/shared';
import { authApi, authKeys, markSignedOutByUser, safeReturnTo } from '../../lib/auth';
import { isApiError } from '../../lib/api';
import { lazyZodResolver } from '../../lib/forms';
import { rememberWsInfo } from '../../lib/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { serverFormErrors, setFieldErrors } from './form-errors';
import { PasswordField } from '../../components/form/password-field';
import { LightMessage } from '../../components/light-controls';
import { AuthForm, EmailField } from './auth-form';
import { ResendButton } from './resend-verification';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((s) => s.ZLoginBody));

const FIELDS = ['email', 'password'] as const;

function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const { control, handleSubmit, setError, getValues } = useForm({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: (body: TLoginBody) => authApi.login(body),
    onSuccess: async ({ user, wsInfo }) => {
      rememberWsInfo(wsInfo);
      markSignedOutByUser(false);
      queryClient.setQueryData(authKeys.me(), user);
      await navigate(safeReturnTo(returnTo), { replace: true });
    },
    onError: (error) => setFieldErrors(setError, error, FIELDS),
  });

  const formError = login.isError ? serverFormErrors(login.error, FIELDS).form : null;
  const notVerified = isApiError(login.error) && login.error.code === 'email_not_verified';
  const registerLink = returnTo
    ? `${appRoutes.register}?returnTo=${encodeURIComponent(returnTo)}`
    : appRoutes.register;

  return (
    <>
      <h1 className="auth-title">Sign in</h1>
      <p className="auth-subtitle">Welcome back. Sign in to build and run your workflows.</p>
      <AuthForm
        onSubmit={handleSubmit((body) => login.mutate(body))}
        preload={resolver.preload}
        notice={
          <>
            {formError ? (
              <LightMessage
                severity={notVerified ? 'warn' : 'error'}
                text={formError}
                className="w-full"
              />
            ) : null}
            {notVerified ? <ResendButton email={getValues('email')} /> : null}
          </>
        }
        submit={{ label: 'Sign in', icon: 'pi pi-sign-in', loading: login.isPending }}
      >
        <EmailField control={control} id="login-email" />
        <PasswordField
          control={control}
          name="password"
          id="login-password"
          label="Password"
          autoComplete="current-password"
        />
        <Link to={appRoutes.forgotPassword} className="auth-forgot">
          Forgot password?
        </Link>
      </AuthForm>
      <p className="auth-switch">
        New to Flowsmith? <Link to={registerLink}>Create an account</Link>
      </p>
    </>
  );
}

export default LoginPage;
