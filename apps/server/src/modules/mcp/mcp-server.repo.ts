import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { groupPublications, nodeGroups } from '../../db/schema/index';

/** The ids of a project's published groups, by name. */
export async function publishedGroupIds(db: TDb, projectId: string) {
  const rows = await db
    .select({ id: groupPublications.nodeGroupId })
    .from(groupPublications)
    .innerJoin(nodeGroups, eq(nodeGroups.id, groupPublications.nodeGroupId))
    .where(eq(groupPublications.projectId, projectId))
    .orderBy(asc(nodeGroups.name), asc(nodeGroups.id));
  return rows.map((row) => row.id);
}
