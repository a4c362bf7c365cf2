import type { FastifyInstance } from 'fastify';
import {
  CANVAS_CHANGES_CHANNEL,
  canvasOffset,
  oldestKept,
  onLocalChanges,
  publicationsAfter,
} from './canvas-changes.repo';
import type { TDb } from '../../db/database';
import type { TCanvasChanges, TCanvasPublication, TUser } from '@flowsmith/shared';
import { projectAccess } from '../projects/project-access';

/**
 * Sends every committed canvas change to the project's channel, in offset order. A change this
 * process commits is sent right after its commit, as it was written. Each server also hears of
 * every commit from the database (`LISTEN`), whichever server wrote, and reads from the store
 * only the publications it has not sent yet: another server's, or ones whose commit it has not
 * been handed yet.
 */
export async function startCanvasFeed(app: FastifyInstance) {
  const sent = new Map<string, number>();
  /** Committed here, not yet sent (an earlier offset is still missing). */
  const waiting = new Map<string, Map<number, TCanvasPublication>>();
  const queues = new Map<string, Promise<void>>();

  function emit(projectId: string, publication: TCanvasPublication) {
    app.realtime.emit(publication);
    sent.set(projectId, publication.offset);
    waiting.get(projectId)?.delete(publication.offset);
  }

  /** Sends up to `offset`, from what was handed over where it can and the store for the rest. */
  async function send(projectId: string, offset: number) {
    const last = sent.get(projectId);
    if (last !== undefined && offset <= last) return;
    const held = waiting.get(projectId);
    let next = last === undefined ? offset : last + 1;
    for (; next <= offset; next++) {
      const publication = held?.get(next);
      if (!publication) break;
      emit(projectId, publication);
    }
    if (next > offset) return;
    for (const publication of await publicationsAfter(app.db, projectId, next - 1, offset)) {
      emit(projectId, publication);
    }
    sent.set(projectId, Math.max(sent.get(projectId) ?? 0, offset));
    for (const kept of held?.keys() ?? []) if (kept <= offset) held!.delete(kept);
  }

  /** One project's sends run one after another; other projects' never wait for it. */
  function enqueue(projectId: string, offset: number) {
    const queued = (queues.get(projectId) ?? Promise.resolve())
      .then(() => send(projectId, offset))
      .catch((error: unknown) => app.log.warn({ err: error, projectId }, 'canvas change not sent'));
    queues.set(projectId, queued);
    void queued.then(() => {
      if (queues.get(projectId) === queued) queues.delete(projectId);
    });
  }

  /** Stored here in transactions still open: their commits will be handed over as written. */
  const inFlight = new Map<string, Set<number>>();

  const stopLocal = onLocalChanges(app.db, {
    recorded(projectId, offset) {
      let offsets = inFlight.get(projectId);
      if (!offsets) inFlight.set(projectId, (offsets = new Set()));
      offsets.add(offset);
    },
    ended(projectId, publication, committed) {
      const offsets = inFlight.get(projectId);
      offsets?.delete(publication.offset);
      if (offsets?.size === 0) inFlight.delete(projectId);
      if (!committed) return;
      const last = sent.get(projectId);
      if (last !== undefined && publication.offset <= last) return;
      // Nothing missing before it and nothing queued: out at once, before the writer's answer.
      if ((last === undefined || last === publication.offset - 1) && !queues.has(projectId)) {
        try {
          emit(projectId, publication);
        } catch (error) {
          // The write is committed: its answer must not fail. Clients fetch the skipped offset.
          app.log.warn({ err: error, projectId }, 'canvas change not sent');
        }
        return;
      }
      let held = waiting.get(projectId);
      if (!held) waiting.set(projectId, (held = new Map()));
      held.set(publication.offset, publication);
      enqueue(projectId, publication.offset);
    },
  });

  const stop = await app.database.listen(CANVAS_CHANGES_CHANNEL, (payload) => {
    // Undefined after the listening connection was lost: clients notice the skipped offsets on
    // the next publication (or their reconnect) and fetch what they missed.
    if (payload === undefined) return;
    const [projectId, offset] = payload.split(':');
    if (!projectId || !offset) return;
    // Committed here: its transaction's end hands it over without reading it back.
    if (inFlight.get(projectId)?.has(Number(offset))) return;
    if (Number(offset) <= (sent.get(projectId) ?? 0)) return;
    enqueue(projectId, Number(offset));
  });
  app.addHook('onClose', async () => {
    stopLocal();
    await stop();
  });
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
