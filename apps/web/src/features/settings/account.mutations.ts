import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileBody, TUserResponse } from '@flowsmith/shared';
import { authKeys } from '../../lib/auth';
import { accountApi, accountKeys } from '../../lib/queries/account';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';

/** A change to the profile shows at once wherever the signed-in user is shown. */
function useProfileMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<TUserResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.me(), user),
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((body: TProfileBody) => accountApi.updateProfile(body));

export const useSetAvatar = () => useProfileMutation((file: Blob) => accountApi.setAvatar(file));

export const useRemoveAvatar = () => useProfileMutation(() => accountApi.removeAvatar());

export const useChangePassword = () =>
  useRefreshingMutation(accountApi.changePassword, () => [accountKeys.sessions()]);

export const useChangeEmail = () => useMutation({ mutationFn: accountApi.changeEmail });

export const useRevokeSession = () =>
  useRefreshingMutation(accountApi.revokeSession, () => [accountKeys.sessions()]);

export const useDeleteAccount = () => useMutation({ mutationFn: accountApi.deleteAccount });
