import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import type { TRunQueue } from '../runs/run-queue';
import { loadPublishedGroup, startPublishedRun } from './published-groups';

/**
 * Starts a run of a group's published version for a member of its project. An unknown group,
 * one that is not published and one of another's project are the same 404.
 */
export async function startGroupRun(
  db: TDb,
  queue: TRunQueue,
  user: TUser,
  groupId: string,
  inputs: Record<string, unknown>,
) {
  const published = await loadPublishedGroup(db, groupId);
  if (!published || !(await projectAccess.roleOf(db, user.id, published.projectId)))
    throw new AppError('not_found', 'No published group with this id');
  const run = await startPublishedRun(db, queue, published, { userId: user.id, inputs });
  return { published, runId: run.id };
}
