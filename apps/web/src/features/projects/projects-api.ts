import type {
  TProject,
  TProjectCreate,
  TProjectUpdate,
  TProjectUser,
  TProjectUserCreate,
  TProjectUserUpdate,
  TUserListItem,
} from '@flowsmith/shared';
import { createResourceApi } from '../../lib/api';

export const projectsApi = createResourceApi<TProject, TProjectCreate, TProjectUpdate>('projects');

export const projectUsersApi = createResourceApi<
  TProjectUser,
  TProjectUserCreate,
  TProjectUserUpdate
>('project_users');

/** Read-only here: the member autocomplete searches verified users by name or e-mail. */
export const usersApi = createResourceApi<TUserListItem>('users');
