import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TProject,
  TProjectCreate,
  TProjectRole,
  TProjectUpdate,
  TProjectUser,
  TProjectUserCreate,
} from '@flowsmith/shared';
import { projectsApi, projectUsersApi } from './projects-api';
import { projectKeys } from './projects.queries';

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProjectCreate) => projectsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TProjectUpdate }) =>
      projectsApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: TProject) => projectsApi.remove(project.id),
    onSuccess: async (_data, project) => {
      queryClient.removeQueries({ queryKey: projectKeys.members(project.id) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProjectUserCreate) => projectUsersApi.create(body),
    onSuccess: (_member, body) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.members(body.projectId) }),
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: TProjectUser; role: TProjectRole }) =>
      projectUsersApi.update(member.id, { role }),
    onSuccess: (_row, { member }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.members(member.projectId) }),
  });
}

/** Removes a member; when it is the caller (leaving), their project list changes too. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member }: { member: TProjectUser; isSelf: boolean }) =>
      projectUsersApi.remove(member.id),
    onSuccess: async (_data, { member, isSelf }) => {
      if (isSelf) {
        queryClient.removeQueries({ queryKey: projectKeys.members(member.projectId) });
        await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: projectKeys.members(member.projectId) });
    },
  });
}
