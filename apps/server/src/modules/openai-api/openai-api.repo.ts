import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/database';
import {
  customAis,
  groupPublications,
  nodeGroups,
  projects,
  projectUsers,
  reqLogs,
} from '../../db/schema/index';

/** Join condition: the user is an editor or owner of the project in `projectId`. */
const editsProject = (projectId: PgColumn, userId: string): SQL =>
  and(
    eq(projectUsers.projectId, projectId),
    eq(projectUsers.userId, userId),
    inArray(projectUsers.role, ['editor', 'owner']),
  )!;

/** The custom AIs of the projects where the user is an editor or owner: those they may chat with. */
export function chattableAssistants(db: TDb, userId: string) {
  return db
    .select({
      id: customAis.id,
      name: customAis.name,
      createdAt: customAis.createdAt,
      projectName: projects.name,
    })
    .from(customAis)
    .innerJoin(projects, eq(projects.id, customAis.projectId))
    .innerJoin(projectUsers, editsProject(customAis.projectId, userId))
    .orderBy(asc(projects.name), asc(customAis.name), asc(customAis.id));
}

/** The published groups of the projects where the user is an editor or owner: those they may run. */
export function runnablePublishedGroups(db: TDb, userId: string) {
  return db
    .select({
      id: groupPublications.nodeGroupId,
      name: nodeGroups.name,
      createdAt: groupPublications.createdAt,
      projectName: projects.name,
    })
    .from(groupPublications)
    .innerJoin(nodeGroups, eq(nodeGroups.id, groupPublications.nodeGroupId))
    .innerJoin(projects, eq(projects.id, groupPublications.projectId))
    .innerJoin(projectUsers, editsProject(groupPublications.projectId, userId))
    .orderBy(asc(projects.name), asc(nodeGroups.name), asc(nodeGroups.id));
}

/** The tokens of a run's model calls, from its request log. */
export async function runTokens(db: TDb, runId: string) {
  const [row] = await db
    .select({
      input: sql<number>`coalesce(sum(${reqLogs.inputTokens}), 0)::int`,
      output: sql<number>`coalesce(sum(${reqLogs.outputTokens}), 0)::int`,
    })
    .from(reqLogs)
    .where(eq(reqLogs.runId, runId));
  return { input: Number(row?.input ?? 0), output: Number(row?.output ?? 0) };
}
