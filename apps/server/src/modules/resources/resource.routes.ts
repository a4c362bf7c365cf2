import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, zPage } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/request-user';
import { translateDbError } from './db-errors';
import { listRows, type TListQuery } from './list-query';
import { inMemberProjects, requireProjectRole } from './project-access';
import type { TDbRow, TResourceContext, TResourceDefinition, TValues } from './resource.types';

const column = (table: PgTable, name: string) =>
  (table as unknown as Record<string, PgColumn | undefined>)[name];

function notFound(): AppError {
  return new AppError('not_found', 'Not found');
}

function visibility(def: TResourceDefinition, ctx: TResourceContext) {
  const extra = def.readScope?.(ctx);
  switch (def.scope.kind) {
    case 'project':
      return and(inMemberProjects(ctx.db, column(def.table, 'projectId')!, ctx.user.id), extra);
    case 'owner':
      return and(eq(column(def.table, 'userId')!, ctx.user.id), extra);
    case 'catalog':
      return extra;
  }
}

async function findVisible(def: TResourceDefinition, ctx: TResourceContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(def.table)
    .where(and(eq(column(def.table, 'id')!, id), visibility(def, ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row as TDbRow;
}

async function requireWrite(def: TResourceDefinition, ctx: TResourceContext, projectId?: string) {
  if (def.scope.kind === 'catalog' && !ctx.user.isAdmin) {
    throw new AppError('forbidden', 'Only the administrator can change the catalog');
  }
  if (def.scope.kind === 'project')
    await requireProjectRole(ctx.db, ctx.user, projectId!, 'editor');
}

/** The project a new row belongs to, from the body or from its parent row. */
async function projectForCreate(def: TResourceDefinition, ctx: TResourceContext, body: TValues) {
  if (def.scope.kind !== 'project') return undefined;
  const parent = def.scope.parent;
  if (!parent) {
    const projectId = body.projectId as string;
    await requireProjectRole(ctx.db, ctx.user, projectId, 'editor', 'projectId');
    return projectId;
  }
  const parentId = body[parent.field] as string;
  const [row] = await ctx.db
    .select({ projectId: parent.projectId })
    .from(parent.table)
    .where(and(eq(parent.id, parentId), inMemberProjects(ctx.db, parent.projectId, ctx.user.id)))
    .limit(1);
  if (!row) {
    throw new AppError('not_found', `${parent.label} not found`, [
      { field: parent.field, message: `No such ${parent.label.toLowerCase()}` },
    ]);
  }
  await requireProjectRole(ctx.db, ctx.user, row.projectId as string, 'editor');
  return row.projectId as string;
}

/** The five calls of a resource: list, create, get, update, delete. */
export function registerResource(app: FastifyInstance, db: TDb, def: TResourceDefinition): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/${def.name}`;
  const tags = [def.name];
  const ctxOf = (request: Parameters<typeof requireUser>[0]): TResourceContext => ({
    db,
    user: requireUser(request),
    scratch: new Map(),
  });
  const writes = def.writes ?? {
    create: !def.readOnly,
    update: !def.readOnly,
    remove: !def.readOnly,
  };

  r.get(
    base,
    {
      schema: {
        tags,
        querystring: def.schemas.listQuery,
        response: { 200: zPage(def.schemas.row) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const page = await listRows<TDbRow>(
        db,
        def,
        request.query as TListQuery,
        visibility(def, ctx),
      );
      return { ...page, items: page.items.map((row) => def.toApi(row, ctx)) };
    },
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, params: ZIdParams, response: { 200: def.schemas.row } } },
    async (request) => {
      const ctx = ctxOf(request);
      return def.toApi(await findVisible(def, ctx, request.params.id), ctx);
    },
  );

  if (writes.create && def.schemas.create) {
    r.post(
      base,
      {
        schema: {
          tags,
          body: def.schemas.create,
          response: { 201: def.schemas.created ?? def.schemas.row },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const body = request.body as TValues;
        const created = await db.transaction(async (tx) => {
          const txCtx = { ...ctx, db: tx as unknown as TDb };
          const projectId = await projectForCreate(def, txCtx, body);
          await requireWrite(def, txCtx, projectId);
          const values: TValues = {
            ...(def.toInsert ? await def.toInsert(body, txCtx) : body),
            ...(def.scope.kind === 'project' ? { projectId } : {}),
            ...(def.scope.kind === 'owner' ? { userId: ctx.user.id } : {}),
          };
          await def.validate?.(values, txCtx);
          const [row] = (await tx
            .insert(def.table)
            .values(values)
            .returning()
            .catch((error: unknown) => translateDbError(error, 'write'))) as TDbRow[];
          return ((await def.afterCreate?.(row!, txCtx)) ?? row) as TDbRow;
        });
        const answer = def.createdResponse
          ? def.createdResponse(created, ctx, body)
          : def.toApi(created, ctx);
        return reply.status(201).send(answer);
      },
    );
  }

  if (writes.update && def.schemas.update) {
    r.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          params: ZIdParams,
          body: def.schemas.update,
          response: { 200: def.schemas.row },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const body = request.body as TValues;
        const updated = await db.transaction(async (tx) => {
          const txCtx = { ...ctx, db: tx as unknown as TDb };
          const existing = await findVisible(def, txCtx, request.params.id);
          await requireWrite(def, txCtx, existing.projectId as string | undefined);
          const values = def.toUpdate ? await def.toUpdate(body, existing, txCtx) : body;
          await def.validate?.({ ...existing, ...values }, txCtx, existing);
          if (Object.keys(values).length === 0) return existing;
          const [row] = (await tx
            .update(def.table)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(column(def.table, 'id')!, existing.id))
            .returning()
            .catch((error: unknown) => translateDbError(error, 'write'))) as TDbRow[];
          await def.afterUpdate?.(row!, txCtx, existing);
          return row!;
        });
        return def.toApi(updated, ctx);
      },
    );
  }

  if (writes.remove) {
    r.delete(`${base}/:id`, { schema: { tags, params: ZIdParams } }, async (request, reply) => {
      const ctx = ctxOf(request);
      await db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as TDb };
        const existing = await findVisible(def, txCtx, request.params.id);
        await requireWrite(def, txCtx, existing.projectId as string | undefined);
        const removal = def.remove
          ? def.remove(existing, txCtx)
          : tx.delete(def.table).where(eq(column(def.table, 'id')!, existing.id));
        await Promise.resolve(removal).catch((error: unknown) => translateDbError(error, 'delete'));
      });
      return reply.status(204).send();
    });
  }

  // Read-only rows: writing is not a missing route but a method the resource does not allow.
  const refuse = (method: string) => () => {
    throw new AppError('method_not_allowed', `${def.name} rows cannot be ${method} over the API`);
  };
  if (!writes.create) r.post(base, { schema: { hide: true } }, refuse('created'));
  if (!writes.update) r.put(`${base}/:id`, { schema: { hide: true } }, refuse('changed'));
  if (!writes.remove) r.delete(`${base}/:id`, { schema: { hide: true } }, refuse('removed'));
}
