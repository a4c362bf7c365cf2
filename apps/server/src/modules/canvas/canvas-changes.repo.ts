import { and, asc, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { TCanvasChange, TCanvasPublication, TUser } from '@flowsmith/shared';
import { rootOf, whenTransactionEnds, type TDb } from '../../db/database';
import { canvasPublications, projects } from '../../db/schema/index';
import { clientOf } from '../../lib/request-client';

/** The notification channel that tells every server a canvas change was committed. */
export const CANVAS_CHANGES_CHANNEL = 'canvas_changes';

/** How many recent publications a project keeps for clients that were away. */
export const KEPT_PUBLICATIONS = 1_000;

export const projectChannel = (projectId: string) => `project:${projectId}`;

/**
 * This process's feed (one per app, by its database handle): told of a change once it is stored
 * in a transaction not yet committed (`recorded`), then of the transaction's end.
 */
type TLocalChanges = {
  recorded(projectId: string, offset: number): void;
  ended(projectId: string, publication: TCanvasPublication, committed: boolean): void;
};
const localFeeds = new WeakMap<TDb, TLocalChanges>();

export function onLocalChanges(db: TDb, feed: TLocalChanges): () => void {
  localFeeds.set(db, feed);
  return () => localFeeds.delete(db);
}

/**
 * Stores a canvas change under the project's next offset, in the caller's transaction, in one
 * statement: raising the offset locks the project row until commit, so offsets are gapless and
 * commit in order; the same statement stores the publication, prunes the oldest and sends the
 * notification that goes out with the commit to every server. Right after the commit this
 * process's feed gets the publication as it is, without reading it back.
 */
export async function recordCanvasChange(
  tx: TDb,
  actor: TUser,
  projectId: string,
  change: TCanvasChange,
): Promise<number> {
  const info = { client: clientOf(actor), user: actor.id, connInfo: { name: actor.name } };
  const tags = { type: 'canvas' };
  const result = (await tx.execute(sql`
    with next as (
      update ${projects} set canvas_offset = canvas_offset + 1
      where ${projects.id} = ${projectId}
      returning canvas_offset
    ), stored as (
      insert into ${canvasPublications} (project_id, "offset", data, info, tags)
      select ${projectId}, canvas_offset, ${JSON.stringify(change)}::jsonb,
        ${JSON.stringify(info)}::jsonb, ${JSON.stringify(tags)}::jsonb
      from next
      returning "offset"
    ), pruned as (
      delete from ${canvasPublications}
      where project_id = ${projectId}
        and "offset" <= (select canvas_offset from next) - ${KEPT_PUBLICATIONS}
    )
    select "offset"::text as "offset",
      pg_notify(${CANVAS_CHANGES_CHANNEL}, ${projectId} || ':' || "offset") as notified
    from stored`)) as unknown as { rows: Array<{ offset: string }> };
  const offset = Number(result.rows[0]!.offset);
  const publication: TCanvasPublication = {
    channel: projectChannel(projectId),
    data: change,
    offset,
    info,
    tags,
  };
  const feed = localFeeds.get(rootOf(tx));
  if (feed) {
    feed.recorded(projectId, offset);
    whenTransactionEnds(tx, (committed) => feed.ended(projectId, publication, committed));
  }
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
