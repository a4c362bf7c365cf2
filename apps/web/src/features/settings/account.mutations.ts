import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileBody } from '@flowsmith/shared';
import { authKeys } from '../../lib/auth';
import { accountApi, accountKeys } from '../../lib/queries/account';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';

/** The new name shows at once wherever the signed-in user is shown. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileBody) => accountApi.updateProfile(body),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.me(), user),
  });
}

export const useChangePassword = () =>
  useRefreshingMutation(accountApi.changePassword, () => [accountKeys.sessions()]);

export const useChangeEmail = () => useMutation({ mutationFn: accountApi.changeEmail });

export const useRevokeSession = () =>
  useRefreshingMutation(accountApi.revokeSession, () => [accountKeys.sessions()]);

export const useDeleteAccount = () => useMutation({ mutationFn: accountApi.deleteAccount });
