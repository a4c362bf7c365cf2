import type {
  TResetPasswordBody,
  TLoginBody,
  TLoginResponse,
  TRegisterBody,
  TUser,
  TUserResponse,
  TWsInfo,
} from '@flowsmith/shared';
import { apiRequest, isApiError } from '../api';

export const authApi = {
  register: (body: TRegisterBody) =>
    apiRequest<TUserResponse>('/api/auth/register', { method: 'POST', body }),
  verifyEmail: (token: string) =>
    apiRequest<TUserResponse>('/api/auth/verify-email', { method: 'POST', body: { token } }),
  resendVerification: (email: string) =>
    apiRequest<void>('/api/auth/resend-verification', { method: 'POST', body: { email } }),
  login: (body: TLoginBody) =>
    apiRequest<TLoginResponse>('/api/auth/login', { method: 'POST', body }),
  forgotPassword: (email: string) =>
    apiRequest<void>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (body: TResetPasswordBody) =>
    apiRequest<void>('/api/auth/reset-password', { method: 'POST', body }),
  confirmEmail: (token: string) =>
    apiRequest<TUserResponse>('/api/auth/confirm-email', { method: 'POST', body: { token } }),
  logout: () => apiRequest<void>('/api/auth/logout', { method: 'POST' }),
  wsToken: () => apiRequest<TWsInfo>('/api/auth/ws-token'),

  /** The signed-in user, or null when there is no session (401). Other failures throw. */
  async me(signal?: AbortSignal): Promise<TUser | null> {
    try {
      const { user } = await apiRequest<TUserResponse>('/api/auth/me', { signal });
      return user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
};
