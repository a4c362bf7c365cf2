import type { SQL } from 'drizzle-orm';
import type { TUser } from '@flowsmith/shared';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import type { TProjectTable } from '../projects/projects.repo';
import type { TListSpec } from './list-query';

export type TResourceContext = {
  db: TDb;
  user: TUser;
  /** Per-request notes from one hook to a later one, e.g. a secret shown once. */
  scratch: Map<string, unknown>;
};

/** A stored row as Drizzle returns it. */
export type TDbRow = Record<string, unknown> & { id: string };
export type TValues = Record<string, unknown>;

/**
 * Who may see and change a resource's rows:
 * - `project`: members of the row's project read, editors and owners write; the project comes
 *   from the body's `projectId`, or from a parent row (`parent`) for rows that hang off another.
 * - `catalog`: every signed-in user reads, the admin writes.
 * - `owner`: only the user in the row's `userId` column.
 */
export type TResourceScope =
  | {
      kind: 'project';
      parent?: { field: string; table: TProjectTable; label: string };
    }
  | { kind: 'catalog' }
  | { kind: 'owner' };

export type TResourceDefinition = TListSpec & {
  name: string;
  scope: TResourceScope;
  schemas: {
    row: z.ZodType;
    create?: z.ZodType;
    update?: z.ZodType;
    listQuery: z.ZodType;
    /** The answer to a create, when it differs from a row. */
    created?: z.ZodType;
  };
  toApi(row: TDbRow, ctx: TResourceContext): unknown;
  /** Body → column values for an insert (scope columns are added by the caller). */
  toInsert?(body: TValues, ctx: TResourceContext): TValues | Promise<TValues>;
  /** Body → column values for an update. */
  toUpdate?(body: TValues, existing: TDbRow, ctx: TResourceContext): TValues | Promise<TValues>;
  /** Integrity checks on the row as it would be stored; throw an AppError naming the field. */
  validate?(candidate: TValues, ctx: TResourceContext, existing?: TDbRow): Promise<void>;
  afterCreate?(row: TDbRow, ctx: TResourceContext): Promise<TDbRow | void>;
  afterUpdate?(row: TDbRow, ctx: TResourceContext, existing: TDbRow): Promise<void>;
  /** The answer to a create (e.g. with a one-time secret); defaults to `toApi`. */
  createdResponse?(row: TDbRow, ctx: TResourceContext, body: TValues): unknown;
  remove?(row: TDbRow, ctx: TResourceContext): Promise<void>;
  /**
   * After any write, in its transaction (the row as stored, or as it was before a removal):
   * canvas rows publish the change on their project's channel here.
   */
  afterWrite?(
    kind: 'create' | 'update' | 'remove',
    row: TDbRow,
    ctx: TResourceContext,
  ): Promise<void>;
  /** Extra visibility rule for reads, on top of the scope. */
  readScope?(ctx: TResourceContext): SQL | undefined;
  /** Leave out write routes: the rows are written by the product itself. */
  readOnly?: boolean;
  /** The writes the API offers; the others answer 405 (default: all, or none when `readOnly`). */
  writes?: { create: boolean; update: boolean; remove: boolean };
};
