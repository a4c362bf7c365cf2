import { and, eq } from 'drizzle-orm';
import { nodeKindOf, type TUser } from '@flowsmith/shared';
import type { TRunTarget } from '@flowsmith/engine';
import type { TDb } from '../../db/database';
import { nodeGroups, nodes, runs } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { requireProjectRole } from '../resources/project-access';
import type { TRunQueue } from './run-queue';

export type TRunTargetIds = { nodeGroupId?: string | null; nodeId?: string | null };

/** Checks what a run would execute: a runnable group or a node of the project. */
export async function checkTarget(
  db: TDb,
  projectId: string,
  target: { nodeGroupId?: string | null; nodeId?: string | null },
) {
  if (target.nodeGroupId && target.nodeId)
    throw AppError.validation('nodeId', 'Give a group or a node, not both');
  if (target.nodeGroupId) {
    const [group] = await db
      .select({ nodeId: nodeGroups.nodeId, type: nodes.type })
      .from(nodeGroups)
      .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
      .where(and(eq(nodeGroups.id, target.nodeGroupId), eq(nodeGroups.projectId, projectId)));
    if (!group) throw AppError.validation('nodeGroupId', 'No such group in this project');
    if (!nodeKindOf(group.type)?.flags.runnable)
      throw AppError.validation('nodeGroupId', 'Only an AI group or an AI image group can be run');
    return { groupNodeId: group.nodeId } satisfies TRunTarget;
  }
  if (target.nodeId) {
    const [node] = await db
      .select({ id: nodes.id })
      .from(nodes)
      .where(and(eq(nodes.id, target.nodeId), eq(nodes.projectId, projectId)));
    if (!node) throw AppError.validation('nodeId', 'No such node in this project');
    return { nodeId: node.id } satisfies TRunTarget;
  }
  return { all: true } satisfies TRunTarget;
}

export type TStartRunArgs = [
  user: TUser,
  projectId: string,
  target: TRunTargetIds,
  inputs: Record<string, unknown>,
  customAiId?: string | null,
];

/** Queues a run for an editor of the project: what routes and chat tools start runs with. */
export async function startRunIn(
  db: TDb,
  queue: TRunQueue,
  ...[user, projectId, target, inputs, customAiId = null]: TStartRunArgs
) {
  await requireProjectRole(db, user, projectId, 'editor', 'projectId');
  await checkTarget(db, projectId, target);
  const [run] = await db
    .insert(runs)
    .values({
      projectId,
      userId: user.id,
      nodeGroupId: target.nodeGroupId ?? null,
      nodeId: target.nodeId ?? null,
      customAiId,
      inputs,
    })
    .returning();
  queue.enqueue(run!.id);
  return run!;
}
