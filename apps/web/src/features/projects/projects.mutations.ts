import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TProject,
  TProjectCreate,
  TProjectRole,
  TProjectUpdate,
  TProjectUser,
  TProjectUserCreate,
} from '@flowsmith/shared';
import { memberKeys, projectUsersApi } from '../../lib/queries/members';
import { projectKeys, projectsApi } from '../../lib/queries/projects';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';

export const useCreateProject = () =>
  useRefreshingMutation(
    (body: TProjectCreate) => projectsApi.create(body),
    () => [projectKeys.lists()],
  );

export const useUpdateProject = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: TProjectUpdate }) => projectsApi.update(id, body),
    (saved) => [projectKeys.lists(), projectKeys.detail(saved.id)],
  );

export const useDeleteProject = () =>
  useRefreshingMutation(
    (project: TProject) => projectsApi.remove(project.id),
    () => [projectKeys.lists()],
    (_data, project) => [memberKeys.list(project.id), projectKeys.detail(project.id)],
  );

export const useAddMember = () =>
  useRefreshingMutation(
    (body: TProjectUserCreate) => projectUsersApi.create(body),
    (_member, body) => [memberKeys.list(body.projectId)],
  );

export const useChangeMemberRole = () =>
  useRefreshingMutation(
    ({ member, role }: { member: TProjectUser; role: TProjectRole }) =>
      projectUsersApi.update(member.id, { role }),
    (_row, { member }) => [memberKeys.list(member.projectId)],
  );

/** Removes a member; when it is the caller (leaving), their project lists change too. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member }: { member: TProjectUser; isSelf: boolean }) =>
      projectUsersApi.remove(member.id),
    onSuccess: async (_data, { member, isSelf }) => {
      if (isSelf) {
        queryClient.removeQueries({ queryKey: memberKeys.list(member.projectId) });
        await queryClient.invalidateQueries({ queryKey: projectKeys.all });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: memberKeys.list(member.projectId) });
    },
  });
}
