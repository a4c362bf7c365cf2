import { and } from 'drizzle-orm';
import type { TUser } from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { projectAccess } from '../projects/project-access';
import { translateDbError } from './db-errors';
import { listRows, type TListQuery } from './list-query';
import type { TDbRow, TResourceContext, TResourceDefinition, TValues } from './resource.types';
import { column, deleteRow, findRow, insertRow, ownedBy, updateRow } from './resources.repo';

/** The rows of a resource the caller may read. */
function visibility(def: TResourceDefinition, ctx: TResourceContext) {
  const extra = def.readScope?.(ctx);
  switch (def.scope.kind) {
    case 'project':
      return and(
        projectAccess.visible(ctx.db, column(def.table, 'projectId')!, ctx.user.id),
        extra,
      );
    case 'owner':
      return and(ownedBy(def.table, ctx.user.id), extra);
    case 'catalog':
      return extra;
  }
}

/** A row the caller may see; `lock` holds it until the transaction ends (before a write). */
async function findVisible(
  def: TResourceDefinition,
  ctx: TResourceContext,
  id: string,
  lock = false,
) {
  const row = await findRow(ctx.db, def.table, id, visibility(def, ctx), lock);
  if (!row) throw new AppError('not_found', 'Not found');
  return row as TDbRow;
}

async function requireWrite(def: TResourceDefinition, ctx: TResourceContext, projectId?: string) {
  if (def.scope.kind === 'catalog' && !ctx.user.isAdmin) {
    throw new AppError('forbidden', 'Only the administrator can change the catalog');
  }
  if (def.scope.kind === 'project')
    await projectAccess.require(ctx.db, ctx.user, projectId!, 'editor');
}

/** The project a new row belongs to, from the body or from its parent row; editors only. */
async function projectForCreate(def: TResourceDefinition, ctx: TResourceContext, body: TValues) {
  if (def.scope.kind !== 'project') return undefined;
  const parent = def.scope.parent;
  if (!parent) {
    const projectId = body.projectId as string;
    await projectAccess.require(ctx.db, ctx.user, projectId, 'editor', 'projectId');
    return projectId;
  }
  const row = await projectAccess.row(
    ctx.db,
    ctx.user,
    parent.table,
    body[parent.field] as string,
    'editor',
    () =>
      new AppError('not_found', `${parent.label} not found`, [
        { field: parent.field, message: `No such ${parent.label.toLowerCase()}` },
      ]),
  );
  return row.projectId;
}

const contextOf = (db: TDb, user: TUser): TResourceContext => ({ db, user, scratch: new Map() });

export async function listResource(
  db: TDb,
  user: TUser,
  def: TResourceDefinition,
  query: TListQuery,
) {
  const ctx = contextOf(db, user);
  const page = await listRows<TDbRow>(db, def, query, visibility(def, ctx));
  return { ...page, items: page.items.map((row) => def.toApi(row, ctx)) };
}

export async function getResource(db: TDb, user: TUser, def: TResourceDefinition, id: string) {
  const ctx = contextOf(db, user);
  return def.toApi(await findVisible(def, ctx, id), ctx);
}

export async function createResource(
  db: TDb,
  user: TUser,
  def: TResourceDefinition,
  body: TValues,
) {
  const ctx = contextOf(db, user);
  const created = await inTransaction(db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const projectId = await projectForCreate(def, txCtx, body);
    await requireWrite(def, txCtx, projectId);
    const values: TValues = {
      ...(def.toInsert ? await def.toInsert(body, txCtx) : body),
      ...(def.scope.kind === 'project' ? { projectId } : {}),
      ...(def.scope.kind === 'owner' ? { userId: user.id } : {}),
    };
    await def.validate?.(values, txCtx);
    const row = (await insertRow(tx, def.table, values)) as TDbRow;
    const created = (await def.afterCreate?.(row, txCtx)) ?? row;
    await def.afterWrite?.('create', created, txCtx);
    return created;
  });
  return def.createdResponse ? def.createdResponse(created, ctx, body) : def.toApi(created, ctx);
}

/** Changes the fields given; the rest keep their values. */
export async function updateResource(
  db: TDb,
  user: TUser,
  def: TResourceDefinition,
  id: string,
  body: TValues,
) {
  const ctx = contextOf(db, user);
  const updated = await inTransaction(db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const existing = await findVisible(def, txCtx, id, true);
    await requireWrite(def, txCtx, existing.projectId as string | undefined);
    const values = def.toUpdate ? await def.toUpdate(body, existing, txCtx) : body;
    await def.validate?.({ ...existing, ...values }, txCtx, existing);
    if (Object.keys(values).length === 0) return existing;
    const row = (await updateRow(tx, def.table, existing.id, values)) as TDbRow;
    await def.afterUpdate?.(row, txCtx, existing);
    await def.afterWrite?.('update', row, txCtx);
    return row;
  });
  return def.toApi(updated, ctx);
}

export async function removeResource(db: TDb, user: TUser, def: TResourceDefinition, id: string) {
  await inTransaction(db, async (tx) => {
    const ctx = { ...contextOf(db, user), db: tx };
    const existing = await findVisible(def, ctx, id, true);
    await requireWrite(def, ctx, existing.projectId as string | undefined);
    if (!def.remove) await deleteRow(tx, def.table, existing.id);
    else
      await def.remove(existing, ctx).catch((error: unknown) => translateDbError(error, 'delete'));
    await def.afterWrite?.('remove', existing, ctx);
  });
}
