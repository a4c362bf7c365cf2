import { queryOptions } from '@tanstack/react-query';
import type {
  TAccountDeletionPlan,
  TChangeEmailBody,
  TChangePasswordBody,
  TDeleteAccountBody,
  TProfileBody,
  TSessionList,
  TUserResponse,
} from '@flowsmith/shared';
import { apiRequest } from '../api';

/** The signed-in person's own account (the public "forgot password" calls are in `lib/auth`). */
export const accountApi = {
  updateProfile: (body: TProfileBody) =>
    apiRequest<TUserResponse>('/api/account/profile', { method: 'PUT', body }),
  setAvatar: (file: Blob) =>
    apiRequest<TUserResponse>('/api/account/avatar', { method: 'PUT', file }),
  removeAvatar: () => apiRequest<TUserResponse>('/api/account/avatar', { method: 'DELETE' }),
  changePassword: (body: TChangePasswordBody) =>
    apiRequest<void>('/api/account/password', { method: 'POST', body }),
  changeEmail: (body: TChangeEmailBody) =>
    apiRequest<void>('/api/account/email', { method: 'POST', body }),
  sessions: (signal?: AbortSignal) => apiRequest<TSessionList>('/api/account/sessions', { signal }),
  revokeSession: (id: string) =>
    apiRequest<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  deletionPlan: (signal?: AbortSignal) =>
    apiRequest<TAccountDeletionPlan>('/api/account/deletion-plan', { signal }),
  deleteAccount: (body: TDeleteAccountBody) =>
    apiRequest<void>('/api/account/delete', { method: 'POST', body }),
};

export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  deletionPlan: () => [...accountKeys.all, 'deletion-plan'] as const,
};

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => accountApi.sessions(signal),
  });

export const deletionPlanQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.deletionPlan(),
    queryFn: ({ signal }) => accountApi.deletionPlan(signal),
    // Asked afresh each time the dialog opens: memberships may have changed meanwhile.
    staleTime: 0,
  });
