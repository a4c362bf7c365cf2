import type { FastifyInstance } from 'fastify';
import {
  CANVAS_CHANGES_CHANNEL,
  canvasOffset,
  oldestKept,
  publicationsAfter,
} from './canvas-changes.repo';
import type { TDb } from '../../db/database';
import type { TUser, TCanvasChanges } from '@flowsmith/shared';
import { projectAccess } from '../projects/project-access';

/**
 * Sends every committed canvas change to the project's channel, in offset order. Each server
 * hears of commits from the database (`LISTEN`), whichever server wrote, and reads the stored
 * publications it has not sent yet.
 */
export async function startCanvasFeed(app: FastifyInstance) {
  const sent = new Map<string, number>();
  let queue = Promise.resolve();

  async function send(projectId: string, offset: number) {
    const last = sent.get(projectId);
    if (last !== undefined && offset <= last) return;
    for (const publication of await publicationsAfter(
      app.db,
      projectId,
      last ?? offset - 1,
      offset,
    )) {
      app.realtime.emit(publication);
    }
    sent.set(projectId, offset);
  }

  const stop = await app.database.listen(CANVAS_CHANGES_CHANNEL, (payload) => {
    // Undefined after the listening connection was lost: clients notice the skipped offsets on
    // the next publication (or their reconnect) and fetch what they missed.
    if (payload === undefined) return;
    const [projectId, offset] = payload.split(':');
    if (!projectId || !offset) return;
    queue = queue
      .then(() => send(projectId, Number(offset)))
      .catch((error: unknown) => app.log.warn({ err: error, projectId }, 'canvas change not sent'));
  });
  app.addHook('onClose', stop);
}

/**
 * The kept canvas changes after `after`, for a client that was away. When some were pruned
 * (or the client's offset is not one of this canvas's), `complete` is false: reload the canvas.
 */
export async function canvasChanges(
  db: TDb,
  user: TUser,
  projectId: string,
  after: number,
): Promise<TCanvasChanges> {
  await projectAccess.require(db, user, projectId, 'viewer');
  const offset = await canvasOffset(db, projectId);
  if (after >= offset) return { offset, complete: after === offset, publications: [] };
  const oldest = await oldestKept(db, projectId);
  if (oldest === undefined || oldest > after + 1)
    return { offset, complete: false, publications: [] };
  return { offset, complete: true, publications: await publicationsAfter(db, projectId, after) };
}
