import { and, asc, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { TCanvasChange, TCanvasPublication, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { canvasPublications, projects } from '../../db/schema/index';
import { clientOf } from '../../lib/request-client';

/** The notification channel that tells every server a canvas change was committed. */
export const CANVAS_CHANGES_CHANNEL = 'canvas_changes';

/** How many recent publications a project keeps for clients that were away. */
export const KEPT_PUBLICATIONS = 1_000;

export const projectChannel = (projectId: string) => `project:${projectId}`;

/**
 * Stores a canvas change under the project's next offset, in the caller's transaction: the
 * offset row stays locked until it commits, so offsets are gapless and commit in order. The
 * notification goes out with the commit.
 */
export async function recordCanvasChange(
  tx: TDb,
  actor: TUser,
  projectId: string,
  change: TCanvasChange,
): Promise<number> {
  const [row] = await tx
    .update(projects)
    .set({ canvasOffset: sql`${projects.canvasOffset} + 1`, updatedAt: sql`${projects.updatedAt}` })
    .where(eq(projects.id, projectId))
    .returning({ offset: projects.canvasOffset });
  const offset = row!.offset;
  await tx.insert(canvasPublications).values({
    projectId,
    offset,
    data: change,
    info: { client: clientOf(actor), user: actor.id, connInfo: { name: actor.name } },
    tags: { type: 'canvas' },
  });
  if (offset > KEPT_PUBLICATIONS) {
    await tx
      .delete(canvasPublications)
      .where(
        and(
          eq(canvasPublications.projectId, projectId),
          lte(canvasPublications.offset, offset - KEPT_PUBLICATIONS),
        ),
      );
  }
  await tx.execute(sql`select pg_notify(${CANVAS_CHANGES_CHANNEL}, ${`${projectId}:${offset}`})`);
  return offset;
}

export async function canvasOffset(db: TDb, projectId: string): Promise<number> {
  const [row] = await db
    .select({ offset: projects.canvasOffset })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.offset ?? 0;
}

/** The oldest offset still kept, if any. */
export async function oldestKept(db: TDb, projectId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ oldest: min(canvasPublications.offset) })
    .from(canvasPublications)
    .where(eq(canvasPublications.projectId, projectId));
  return row?.oldest ?? undefined;
}

/** The kept publications after `after` (up to `upTo`), oldest first. */
export async function publicationsAfter(
  db: TDb,
  projectId: string,
  after: number,
  upTo?: number,
): Promise<TCanvasPublication[]> {
  const rows = await db
    .select()
    .from(canvasPublications)
    .where(
      and(
        eq(canvasPublications.projectId, projectId),
        gt(canvasPublications.offset, after),
        upTo === undefined ? undefined : lte(canvasPublications.offset, upTo),
      ),
    )
    .orderBy(asc(canvasPublications.offset));
  return rows.map((row) => ({
    channel: projectChannel(projectId),
    data: row.data as TCanvasChange,
    offset: row.offset,
    info: row.info as TCanvasPublication['info'],
    tags: row.tags,
  }));
}
