import { z } from 'zod';
import { ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

export const projectRoles = ['owner', 'editor', 'viewer'] as const;
export const ZProjectRole = z.enum(projectRoles, { error: 'Role must be owner, editor or viewer' });
export type TProjectRole = z.infer<typeof ZProjectRole>;

export const ZProject = withStamps({
  name: z.string(),
  description: z.string(),
  createdBy: ZId.nullable(),
  /** The caller's role in this project. */
  role: ZProjectRole,
});
export type TProject = z.infer<typeof ZProject>;

export const ZProjectCreate = z.object({
  name: zName('Project name', 100),
  description: zText('Description', 2000).default(''),
});
export type TProjectCreate = z.input<typeof ZProjectCreate>;
export const ZProjectUpdate = zPatch(ZProjectCreate);
export type TProjectUpdate = z.input<typeof ZProjectUpdate>;
export const ZProjectListQuery = zListQuery(['name', 'createdAt', 'updatedAt'], {
  role: ZProjectRole.optional(),
});

export const ZUserSummary = z.object({ id: ZId, name: z.string(), email: z.string() });
export type TUserSummary = z.infer<typeof ZUserSummary>;

export const ZProjectUser = withStamps({
  projectId: ZId,
  userId: ZId,
  role: ZProjectRole,
  user: ZUserSummary,
});
export type TProjectUser = z.infer<typeof ZProjectUser>;
export const ZProjectUserCreate = z.object({
  projectId: ZId,
  userId: ZId,
  role: ZProjectRole.default('viewer'),
});
export type TProjectUserCreate = z.input<typeof ZProjectUserCreate>;
export const ZProjectUserUpdate = z.object({ role: ZProjectRole });
export type TProjectUserUpdate = z.input<typeof ZProjectUserUpdate>;
export const ZProjectUserListQuery = zListQuery(['createdAt', 'role'], {
  projectId: ZId.optional(),
  userId: ZId.optional(),
  role: ZProjectRole.optional(),
});

export const ZUserListItem = withStamps({
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;
export const ZUserCreate = z.object({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254).toLowerCase(),
  name: zName('Name', 100),
  password: z.string().min(12, 'Password must be at least 12 characters').max(256),
});
export const ZUserUpdate = z.object({
  name: zName('Name', 100).optional(),
  isAdmin: z.boolean({ error: 'Must be true or false' }).optional(),
});
export const ZUserListQuery = zListQuery(['name', 'email', 'createdAt'], {});
