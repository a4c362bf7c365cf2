import { and, desc, eq, sql } from 'drizzle-orm';
import type { TGraphDocument } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { groupPublications, groupVersions, nodeGroups, nodes, users } from '../../db/schema/index';
import { rowWhere } from '../resources/resources.repo';

export type TPublicationRow = typeof groupPublications.$inferSelect;

/** A group with its node's kind and title. */
export async function groupWithKind(db: TDb, groupId: string) {
  const [group] = await db
    .select({
      id: nodeGroups.id,
      projectId: nodeGroups.projectId,
      nodeId: nodeGroups.nodeId,
      name: nodeGroups.name,
      type: nodes.type,
    })
    .from(nodeGroups)
    .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
    .where(eq(nodeGroups.id, groupId));
  return group;
}

const versionColumns = {
  id: groupVersions.id,
  projectId: groupVersions.projectId,
  nodeGroupId: groupVersions.nodeGroupId,
  number: groupVersions.number,
  note: groupVersions.note,
  createdAt: groupVersions.createdAt,
  createdById: groupVersions.createdBy,
  createdByName: users.name,
};

/** A group's versions with who made each, newest first (without their graphs). */
export function versionsOf(db: TDb, groupId: string) {
  return db
    .select(versionColumns)
    .from(groupVersions)
    .leftJoin(users, eq(users.id, groupVersions.createdBy))
    .where(eq(groupVersions.nodeGroupId, groupId))
    .orderBy(desc(groupVersions.number));
}
export type TVersionSummary = Awaited<ReturnType<typeof versionsOf>>[number];

export async function versionSummary(db: TDb, versionId: string) {
  const [row] = await db
    .select(versionColumns)
    .from(groupVersions)
    .leftJoin(users, eq(users.id, groupVersions.createdBy))
    .where(eq(groupVersions.id, versionId));
  return row;
}

/** One version of a group, graph included. */
export function versionOfGroup(db: TDb, groupId: string, versionId: string) {
  return rowWhere(
    db,
    groupVersions,
    and(eq(groupVersions.id, versionId), eq(groupVersions.nodeGroupId, groupId)),
  );
}

/**
 * Stores the group's next version. The group row is locked first, so two publishes of one group
 * never take the same number.
 */
export async function insertVersion(
  tx: TDb,
  values: {
    projectId: string;
    nodeGroupId: string;
    graph: TGraphDocument;
    note: string;
    createdBy: string;
  },
) {
  await tx.execute(
    sql`select 1 from ${nodeGroups} where ${nodeGroups.id} = ${values.nodeGroupId} for update`,
  );
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${groupVersions.number}), 0)` })
    .from(groupVersions)
    .where(eq(groupVersions.nodeGroupId, values.nodeGroupId));
  const [row] = await tx
    .insert(groupVersions)
    .values({ ...values, number: Number(last?.number ?? 0) + 1 })
    .returning({ id: groupVersions.id });
  return row!.id;
}

export async function publicationOf(db: TDb, groupId: string) {
  const [row] = await db
    .select({ publication: groupPublications, versionNumber: groupVersions.number })
    .from(groupPublications)
    .innerJoin(groupVersions, eq(groupVersions.id, groupPublications.versionId))
    .where(eq(groupPublications.nodeGroupId, groupId));
  return row && { ...row.publication, versionNumber: row.versionNumber };
}
export type TPublication = NonNullable<Awaited<ReturnType<typeof publicationOf>>>;

export async function publicationBySlug(db: TDb, slug: string) {
  const [row] = await db
    .select({ nodeGroupId: groupPublications.nodeGroupId })
    .from(groupPublications)
    .where(eq(groupPublications.slug, slug));
  return row?.nodeGroupId;
}

export async function slugTaken(db: TDb, slug: string) {
  return Boolean(await publicationBySlug(db, slug));
}

/** Points the group's publication at a version, creating it (members only) on first publish. */
export async function publish(
  tx: TDb,
  values: { nodeGroupId: string; projectId: string; versionId: string; slug: string },
) {
  await tx
    .insert(groupPublications)
    .values(values)
    .onConflictDoUpdate({
      target: groupPublications.nodeGroupId,
      set: { versionId: values.versionId, updatedAt: new Date() },
    });
}

export async function updatePublication(
  db: TDb,
  groupId: string,
  values: Partial<Pick<TPublicationRow, 'access' | 'allowedOrigins' | 'slug' | 'versionId'>>,
) {
  await db
    .update(groupPublications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groupPublications.nodeGroupId, groupId));
}

export async function deletePublication(db: TDb, groupId: string) {
  const deleted = await db
    .delete(groupPublications)
    .where(eq(groupPublications.nodeGroupId, groupId))
    .returning({ id: groupPublications.nodeGroupId });
  return deleted.length > 0;
}

/** A version's graph and number. */
export async function versionGraph(db: TDb, versionId: string) {
  const [row] = await db
    .select({ id: groupVersions.id, number: groupVersions.number, graph: groupVersions.graph })
    .from(groupVersions)
    .where(eq(groupVersions.id, versionId));
  return row;
}
