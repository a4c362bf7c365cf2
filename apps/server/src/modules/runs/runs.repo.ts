import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TRunProgressEvent } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { nodeGroups, nodes, runEvents, runNodeStates, runs } from '../../db/schema/index';

export type TRunRow = typeof runs.$inferSelect;
type TNodeStateValues = Omit<typeof runNodeStates.$inferInsert, 'runId' | 'nodeId'>;

/** A group of the project with the node it is and that node's kind. */
export async function groupInProject(db: TDb, groupId: string, projectId: string) {
  const [group] = await db
    .select({ nodeId: nodeGroups.nodeId, type: nodes.type })
    .from(nodeGroups)
    .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
    .where(and(eq(nodeGroups.id, groupId), eq(nodeGroups.projectId, projectId)));
  return group;
}

export async function groupNodeId(db: TDb, groupId: string) {
  const [group] = await db
    .select({ nodeId: nodeGroups.nodeId })
    .from(nodeGroups)
    .where(eq(nodeGroups.id, groupId));
  return group?.nodeId;
}

export function nodeStates(db: TDb, runId: string) {
  return db
    .select()
    .from(runNodeStates)
    .where(eq(runNodeStates.runId, runId))
    .orderBy(asc(runNodeStates.createdAt));
}

export async function eventsAfter(db: TDb, runId: string, after: number, limit: number) {
  const rows = await db
    .select({ event: runEvents.event })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, after)))
    .orderBy(asc(runEvents.seq))
    .limit(limit);
  return rows.map((row) => row.event);
}

/** Takes a queued run: in one statement, so a run is executed once however often it is queued. */
export async function claimRun(db: TDb, id: string) {
  const [row] = await db
    .update(runs)
    .set({ status: 'running', startedAt: new Date() })
    .where(and(eq(runs.id, id), eq(runs.status, 'queued')))
    .returning();
  return row;
}

export async function finishRun(
  db: TDb,
  id: string,
  values: Pick<TRunRow, 'status' | 'error' | 'outputs' | 'seq'>,
) {
  await db
    .update(runs)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(runs.id, id));
}

/** Cancels a run still waiting in the queue; whether there was one. */
export async function cancelQueuedRun(db: TDb, id: string) {
  const cancelled = await db
    .update(runs)
    .set({ status: 'cancelled', error: 'Cancelled', finishedAt: new Date() })
    .where(and(eq(runs.id, id), eq(runs.status, 'queued')))
    .returning({ id: runs.id });
  return cancelled.length > 0;
}

/** Marks every running run (and its unfinished nodes) failed with `error`; their ids. */
export async function failRunningRuns(db: TDb, error: string) {
  const interrupted = await db
    .update(runs)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(eq(runs.status, 'running'))
    .returning({ id: runs.id });
  if (interrupted.length) {
    await db
      .update(runNodeStates)
      .set({ status: 'failed', error: 'Interrupted', finishedAt: new Date() })
      .where(
        and(
          inArray(
            runNodeStates.runId,
            interrupted.map((r) => r.id),
          ),
          inArray(runNodeStates.status, ['queued', 'running']),
        ),
      );
  }
  return interrupted.map((r) => r.id);
}

export async function queuedRunIds(db: TDb) {
  const waiting = await db
    .select({ id: runs.id })
    .from(runs)
    .where(eq(runs.status, 'queued'))
    .orderBy(runs.createdAt);
  return waiting.map((r) => r.id);
}

/** Stores one progress event (and the node state it reports) and moves the run's counter on. */
export async function storeEvent(db: TDb, event: TRunProgressEvent, nodeState?: TNodeStateValues) {
  await db.insert(runEvents).values({
    runId: event.runId,
    seq: event.seq,
    event: event as unknown as Record<string, unknown>,
  });
  if (!nodeState || event.type !== 'node-status') return;
  await db
    .insert(runNodeStates)
    .values({ runId: event.runId, nodeId: event.nodeId, ...nodeState })
    .onConflictDoUpdate({ target: [runNodeStates.runId, runNodeStates.nodeId], set: nodeState });
  await db
    .update(runs)
    .set({ seq: sql`greatest(${runs.seq}, ${event.seq})` })
    .where(eq(runs.id, event.runId));
}
