import { randomBytes } from 'node:crypto';
import {
  diffGraphs,
  nodeKindOf,
  toGraphDocument,
  withDescendants,
  type TGraphDocument,
  type TGroupPublicationUpdate,
  type TUser,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { nodeGroups } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordCanvasChange } from '../canvas/canvas-changes.repo';
import { deleteNodesAndConnections } from '../canvas/canvas.repo';
import { loadGraph } from '../canvas/canvas.service';
import { importGraph } from '../canvas/graph-import';
import { existingNodeIds } from '../canvas/canvas.repo';
import { projectAccess } from '../projects/project-access';
import { planVersion } from './published-groups';
import * as repo from './publishing.repo';

const groupNotFound = () => new AppError('not_found', 'Group not found');

/** A group of a project the caller is a member of, with at least `needed`. */
async function groupFor(db: TDb, user: TUser, groupId: string, needed: 'viewer' | 'editor') {
  await projectAccess.row(db, user, nodeGroups, groupId, needed, groupNotFound);
  return (await repo.groupWithKind(db, groupId))!;
}

const versionToApi = (row: repo.TVersionSummary) => ({
  id: row.id,
  projectId: row.projectId,
  nodeGroupId: row.nodeGroupId,
  number: row.number,
  note: row.note,
  createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
});

const publicationToApi = (row: repo.TPublication) => ({
  nodeGroupId: row.nodeGroupId,
  versionId: row.versionId,
  versionNumber: row.versionNumber,
  slug: row.slug,
  access: row.access,
  allowedOrigins: row.allowedOrigins,
  updatedAt: row.updatedAt.toISOString(),
});

/** The group's node and everything inside it on the canvas now, as a workflow file. */
async function draftOf(db: TDb, group: { projectId: string; nodeId: string }) {
  return toGraphDocument(await loadGraph(db, group.projectId), [group.nodeId]);
}

/** A readable slug that is hard to guess: the group's name and a random part. */
function newSlug(name: string) {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const random = randomBytes(5).toString('hex');
  return base ? `${base}-${random}` : random;
}

/** A group's versions, newest first, with the published one; for members. */
export async function listVersions(db: TDb, user: TUser, groupId: string) {
  await groupFor(db, user, groupId, 'viewer');
  const publication = await repo.publicationOf(db, groupId);
  return {
    items: (await repo.versionsOf(db, groupId)).map(versionToApi),
    publication: publication ? publicationToApi(publication) : null,
  };
}

/**
 * Freezes the group as its next version and publishes it; editors only. The first publish
 * gives the group its app slug, open to members only.
 */
export async function publishGroup(db: TDb, user: TUser, groupId: string, note: string) {
  const group = await groupFor(db, user, groupId, 'editor');
  if (!nodeKindOf(group.type)?.flags.runnable)
    throw AppError.validation(
      'id',
      'Only an AI group, an AI image group or a UI group can be published',
    );
  return inTransaction(db, async (tx) => {
    const graph = await draftOf(tx, group);
    if (planVersion(graph).nodes.length === 0)
      throw AppError.validation(
        'id',
        'There is nothing to publish: add nodes that do work to the group',
      );
    const versionId = await repo.insertVersion(tx, {
      projectId: group.projectId,
      nodeGroupId: group.id,
      graph,
      note,
      createdBy: user.id,
    });
    await repo.publish(tx, {
      nodeGroupId: group.id,
      projectId: group.projectId,
      versionId,
      slug: newSlug(group.name),
    });
    return {
      version: versionToApi((await repo.versionSummary(tx, versionId))!),
      publication: publicationToApi((await repo.publicationOf(tx, group.id))!),
    };
  });
}

async function versionFor(db: TDb, groupId: string, versionId: string) {
  const version = await repo.versionOfGroup(db, groupId, versionId);
  if (!version) throw new AppError('not_found', 'Version not found');
  return version;
}

/** How the draft differs from a version: nodes added, removed and changed, and connections. */
export async function diffVersion(db: TDb, user: TUser, groupId: string, versionId: string) {
  const group = await groupFor(db, user, groupId, 'viewer');
  const version = await versionFor(db, groupId, versionId);
  return diffGraphs(version.graph, await draftOf(db, group));
}

/** The nodes inside a version's group node, as a file to import under the group node. */
function contentsOf(graph: TGraphDocument): TGraphDocument {
  const root = graph.nodes.find((node) => !node.parentId)!;
  return {
    ...graph,
    nodes: graph.nodes
      .filter((node) => node.id !== root.id)
      .map((node) => (node.parentId === root.id ? { ...node, parentId: null } : node)),
  };
}

/**
 * Puts a version's nodes and connections back into the draft in place of what is inside the
 * group now; editors only. Nodes keep their ids unless one was moved out of the group
 * meanwhile, in which case the version comes back as copies.
 */
export async function restoreVersion(db: TDb, user: TUser, groupId: string, versionId: string) {
  const group = await groupFor(db, user, groupId, 'editor');
  const version = await versionFor(db, groupId, versionId);
  await inTransaction(db, async (tx) => {
    const graph = await loadGraph(tx, group.projectId);
    const inside = withDescendants([group.nodeId], graph.nodes);
    inside.delete(group.nodeId);
    const nodeIds = [...inside];
    const connectionIds = graph.connections
      .filter((c) => inside.has(c.source) || inside.has(c.target))
      .map((c) => c.id);
    await deleteNodesAndConnections(tx, group.projectId, { nodeIds, connectionIds });
    if (nodeIds.length || connectionIds.length)
      await recordCanvasChange(tx, user, group.projectId, {
        remove: { nodes: nodeIds, connections: connectionIds },
      });
    const contents = contentsOf(version.graph);
    const taken = await existingNodeIds(
      tx,
      contents.nodes.map((node) => node.id),
    );
    if (contents.nodes.length)
      await importGraph(tx, user, group.projectId, {
        graph: contents,
        mode: taken.length ? 'copy' : 'restore',
        parentId: group.nodeId,
        offset: { x: 0, y: 0 },
      });
  });
  return { restored: versionToApi((await repo.versionSummary(db, version.id))!) };
}

async function publicationFor(db: TDb, groupId: string) {
  const publication = await repo.publicationOf(db, groupId);
  if (!publication) throw new AppError('not_found', 'This group is not published');
  return publication;
}

/** The group's publication; 404 before its first publish. */
export async function getPublication(db: TDb, user: TUser, groupId: string) {
  await groupFor(db, user, groupId, 'viewer');
  return publicationToApi(await publicationFor(db, groupId));
}

/** Changes the app's access, embedding sites or slug, or publishes an older version again. */
export async function updatePublication(
  db: TDb,
  user: TUser,
  groupId: string,
  patch: TGroupPublicationUpdate,
) {
  await groupFor(db, user, groupId, 'editor');
  const current = await publicationFor(db, groupId);
  if (patch.versionId && !(await repo.versionOfGroup(db, groupId, patch.versionId)))
    throw AppError.validation('versionId', 'No such version of this group');
  if (patch.slug && patch.slug !== current.slug && (await repo.slugTaken(db, patch.slug)))
    throw new AppError('conflict', 'This address is taken', [
      { field: 'slug', message: 'Taken: choose another' },
    ]);
  await repo.updatePublication(db, groupId, patch);
  return publicationToApi(await publicationFor(db, groupId));
}

/** Takes the group off line: its app, run API and tools stop answering. Versions are kept. */
export async function unpublish(db: TDb, user: TUser, groupId: string) {
  await groupFor(db, user, groupId, 'editor');
  if (!(await repo.deletePublication(db, groupId)))
    throw new AppError('not_found', 'This group is not published');
}
