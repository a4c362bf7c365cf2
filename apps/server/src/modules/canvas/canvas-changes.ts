import { and, eq, inArray } from 'drizzle-orm';
import type { TCanvasChange, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { nodeConnections } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import type { TDbRow, TResourceContext } from '../resources/resource.types';
import { recordCanvasChange } from './canvas-changes.repo';
import { loadGraph } from './canvas.service';

/** Some nodes as they are now: with their handles, group rows and connections both ways. */
export async function nodeSlice(db: TDb, projectId: string, nodeIds: string[]) {
  const { projectId: _project, ...rows } = await loadGraph(db, projectId, nodeIds);
  const incoming = await db
    .select()
    .from(nodeConnections)
    .where(and(eq(nodeConnections.projectId, projectId), inArray(nodeConnections.target, nodeIds)));
  const connections = new Map(rows.connections.map((c) => [c.id, c]));
  for (const row of incoming) connections.set(row.id, apiRow(row as TDbRow) as never);
  return { ...rows, connections: [...connections.values()] };
}

/** Publishes a write of canvas rows on the project's channel, in the write's transaction. */
export const publishChange = (
  ctx: Pick<TResourceContext, 'db' | 'user'>,
  projectId: string,
  change: TCanvasChange,
) => recordCanvasChange(ctx.db, ctx.user, projectId, change);

/** Publishes nodes as they are now (after a create or an update). */
export async function publishNodes(db: TDb, user: TUser, projectId: string, nodeIds: string[]) {
  await recordCanvasChange(db, user, projectId, {
    upsert: await nodeSlice(db, projectId, nodeIds),
  });
}
