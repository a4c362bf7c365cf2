import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { TRunProgress, TRunProgressEvent } from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { fromJson, jsonParam } from '../../db/json-rows';
import {
  nodeGroups,
  nodes,
  projectUsers,
  reqLogs,
  runEvents,
  runNodeStates,
  runs,
} from '../../db/schema/index';
import { quotaStateJson, quotaStateOf } from '../billing/billing.repo';
import type { TReqLogToPrice } from '../models/models.repo';
import type { TEnqueueing } from './run-queue';
import { signalOf, signalRun } from './run-signals';
import {
  preparedByText,
  preparedSql,
  preparedStatement,
  preparedStatements,
} from '../../db/prepared';
import {
  aheadValues,
  claimingInsert,
  claimOf,
  fromNow,
  type TClaimAhead,
  type TRunClaim,
} from './run-claim.repo';
import {
  eventRows,
  insertEventRows,
  insertReqLogRows,
  nodeStateRows,
  storedReqLogs,
  upsertNodeStates,
  type TStoredEvent,
} from './run-writes';

export type { TStoredEvent } from './run-writes';
export { claimRun, type TRunClaim } from './run-claim.repo';
export { finishRun } from './run-finish.repo';

export type TRunRow = typeof runs.$inferSelect;
/** Who executes a run (`owner`, one process) and for how long before renewing. */
export type TRunLease = { owner: string; leaseMs: number };
type TReqLogRow = typeof reqLogs.$inferSelect;

const groupInProjectStatement = preparedStatement((db) =>
  db
    .select({ nodeId: nodeGroups.nodeId, type: nodes.type })
    .from(nodeGroups)
    .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
    .where(
      and(
        eq(nodeGroups.id, sql.placeholder('groupId')),
        eq(nodeGroups.projectId, sql.placeholder('projectId')),
      ),
    )
    .prepare('group_in_project'),
);

/** A group of the project with the node it is and that node's kind. */
export async function groupInProject(db: TDb, groupId: string, projectId: string) {
  const [group] = await groupInProjectStatement(db).execute({ groupId, projectId });
  return group;
}

const groupWithRoleStatement = preparedStatement((db) =>
  db
    .select({
      projectId: nodeGroups.projectId,
      nodeId: nodeGroups.nodeId,
      type: nodes.type,
      role: projectUsers.role,
      quota: quotaStateJson(
        sql`${nodeGroups.projectId}`,
        sql.placeholder('periodStart'),
        sql.placeholder('now'),
      ),
    })
    .from(nodeGroups)
    .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
    .leftJoin(
      projectUsers,
      and(
        eq(projectUsers.projectId, nodeGroups.projectId),
        eq(projectUsers.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(nodeGroups.id, sql.placeholder('groupId')))
    .prepare('group_with_role'),
);

/**
 * A group with its project, the node it is, that node's kind, `userId`'s role there, and the
 * project's model quota as `modelQuotaState` reads it in the month of `periodStart` at `now`.
 */
export async function groupWithRole(
  db: TDb,
  groupId: string,
  userId: string,
  { periodStart, now }: { periodStart: Date; now: Date },
) {
  const [group] = await groupWithRoleStatement(db).execute({
    groupId,
    userId,
    periodStart: periodStart.toISOString(),
    now: now.toISOString(),
  });
  return group && { ...group, quota: quotaStateOf(group.quota) };
}

export type TRunValues = Omit<typeof runs.$inferInsert, 'paramsSnapshot' | 'leaseExpiresAt'> & {
  id: string;
  projectId: string;
  paramsSnapshot?: Record<string, unknown>;
};

// Each node's params in the project, by node id: a run of the canvas keeps them as they were.
const canvasParams = sql`(select coalesce(jsonb_object_agg(${nodes.id}, ${nodes.data} -> 'params'), '{}'::jsonb) from ${nodes} where ${nodes.projectId} = ${sql.placeholder('projectId')})`;
// A number for each write statement an enqueueing brings, for the shape it gives a run's insert.
const writeNumbers = new WeakMap<SQL, number>();
let writesNumbered = 0;
const writeNumber = (write: SQL) => {
  if (!writeNumbers.has(write)) writeNumbers.set(write, ++writesNumbered);
  return writeNumbers.get(write)!;
};

/** A run's columns as its insert gives them: each value a placeholder named after its column. */
function insertValues({ given, nulls, canvas }: TRunShape) {
  const values: Record<string, SQL | Placeholder> = {};
  for (const column of given) values[column] = sql.placeholder(column);
  for (const column of nulls) values[column] = sql`null`;
  if (canvas) values.paramsSnapshot = canvasParams;
  return values as PgInsertValue<typeof runs>;
}

/**
 * Which columns of a run are given (`given`, the others null) and whether the canvas's params
 * are read by its insert: what the insert's text depends on, with `shape` naming it.
 */
type TRunShape = { given: string[]; nulls: string[]; canvas: boolean; shape: string };

function shapeOf(columns: Record<string, unknown>, canvas: boolean, also: string): TRunShape {
  const given = Object.keys(columns).filter((column) => columns[column] != null);
  const nulls = Object.keys(columns).filter((column) => columns[column] === null);
  return { given, nulls, canvas, shape: [given.join(), nulls.join(), canvas, also].join('|') };
}

/**
 * The insert of a run of `shape` with what `enqueueing` writes too: built once per shape and
 * writes, its values parameters.
 */
const insertRunStatement = preparedStatements(
  (db: TDb, { shape, enqueueing }: { shape: TRunShape; enqueueing: TEnqueueing }) => {
    const writes = enqueueing.writes.map((write, i) => db.$with(`w${i}`, {}).as(write));
    // The signal is sent when the statement commits.
    const signal = signalOf(db, enqueueing.signal, sql.placeholder('id'));
    const signalled = signal ? sql<string>`${signal}::text` : sql<null>`null`;
    return preparedByText(
      db
        .with(...writes)
        .insert(runs)
        .values(insertValues(shape))
        .returning({ ...getTableColumns(runs), signalled }),
    );
  },
);

/**
 * Stores a run and, in the same statement, what hands it to the workers (`enqueueing`), so both
 * commit together without a transaction around them. With `canvas`, the statement reads the
 * params of the project's nodes as the run's snapshot. The stored row.
 */
export async function insertRun(
  db: TDb,
  values: TRunValues,
  { enqueueing }: { enqueueing: TEnqueueing },
  { canvas = false } = {},
): Promise<TRunRow> {
  const shape = shapeOf(
    values,
    canvas,
    `${enqueueing.signal}:${enqueueing.writes.map(writeNumber).join()}`,
  );
  const [inserted] = await insertRunStatement(db, shape.shape, { shape, enqueueing }).execute({
    ...values,
    ...enqueueing.params,
  });
  const { signalled, ...row } = inserted!;
  // On the embedded database the statement sends none: it is handed over in this process.
  if (signalled === null) await signalRun(db, enqueueing.signal, values.id);
  return row;
}

/** The insert of a run of `shape` already claimed, as `claimingInsert`: built once per shape. */
const insertClaimedStatement = preparedStatements((db: TDb, shape: TRunShape) =>
  preparedByText(claimingInsert(db, insertValues(shape))),
);

/**
 * Stores a run already claimed by `lease`'s owner, as `claimRun` would leave it, in one
 * statement: counting ahead the requests of `ahead` and reading the graph as a claim does.
 * With `canvas`, as `insertRun`.
 */
export async function insertClaimedRun(
  db: TDb,
  values: TRunValues,
  lease: TRunLease,
  ahead: TClaimAhead,
  { canvas = false } = {},
): Promise<TRunClaim> {
  // Started as it was stored: it waited in no queue.
  const startedAt = new Date();
  const columns = {
    ...values,
    status: 'running',
    createdAt: startedAt,
    startedAt,
    leaseOwner: lease.owner,
  };
  const shape = shapeOf(columns, canvas, 'claimed');
  const [inserted] = await insertClaimedStatement(db, shape.shape, shape).execute({
    ...columns,
    leaseMs: lease.leaseMs,
    ...aheadValues(ahead),
  });
  return claimOf(inserted!, ahead);
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

/** A run's row by id. */
const runByIdStatement = preparedStatement((db) =>
  db
    .select()
    .from(runs)
    .where(eq(runs.id, sql.placeholder('id')))
    .prepare('run_by_id'),
);
export const runById = async (db: TDb, id: string): Promise<TRunRow | undefined> =>
  (await runByIdStatement(db).execute({ id }))[0];

/**
 * Extends the leases of `owner`'s running runs; answers those it still holds, with whether a
 * cancel was asked for (in case its signal was missed). A run whose row another statement holds
 * (its end, being stored) is left as it is: ends stored together lock their rows in an order of
 * their own, and waiting for them while holding others could deadlock.
 */
export async function renewLeases(db: TDb, owner: string, ids: string[], leaseMs: number) {
  if (ids.length === 0) return [];
  const held = db
    .select({ id: runs.id })
    .from(runs)
    .where(and(inArray(runs.id, ids), eq(runs.status, 'running'), eq(runs.leaseOwner, owner)))
    .for('no key update', { skipLocked: true });
  return db
    .update(runs)
    .set({ leaseExpiresAt: fromNow(leaseMs) })
    .where(inArray(runs.id, held))
    .returning({ id: runs.id, cancelRequestedAt: runs.cancelRequestedAt });
}

/** The run a `done` signal carried, as `runById` reads it; undefined when it carried none. */
export function runFromSignal(detail: string | undefined): TRunRow | undefined {
  if (!detail) return undefined;
  try {
    return fromJson(runs, [JSON.parse(detail) as Record<string, unknown>])[0];
  } catch {
    return undefined;
  }
}

/** Numbers and stores a run's status event in `tx`, after every event stored so far. */
async function storeStatusEvent(
  tx: TDb,
  runId: string,
  payload: Extract<TRunProgress, { type: 'run-status' }>,
) {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${runEvents.seq}), 0)` })
    .from(runEvents)
    .where(eq(runEvents.runId, runId));
  const [run] = await tx
    .update(runs)
    .set({ seq: sql`greatest(${runs.seq}, ${Number(last?.seq ?? 0)}) + 1` })
    .where(eq(runs.id, runId))
    .returning({ seq: runs.seq });
  const event = { runId, seq: run!.seq, ...payload } as TRunProgressEvent;
  await tx.insert(runEvents).values({
    runId,
    seq: event.seq,
    event: event as unknown as Record<string, unknown>,
  });
  await signalRun(tx, 'done', runId);
  return event;
}

/** Cancels a run still waiting in the queue, with its stored status event; that event. */
export async function cancelQueuedRun(db: TDb, id: string) {
  return inTransaction(db, async (tx) => {
    const cancelled = await tx
      .update(runs)
      .set({ status: 'cancelled', error: 'Cancelled', finishedAt: new Date() })
      .where(and(eq(runs.id, id), eq(runs.status, 'queued')))
      .returning({ id: runs.id });
    if (!cancelled.length) return undefined;
    return storeStatusEvent(tx, id, {
      type: 'run-status',
      status: 'cancelled',
      error: 'Cancelled',
    });
  });
}

/** Asks whichever process runs `id` to stop it (state, then signal); whether it is running. */
export async function requestCancel(db: TDb, id: string) {
  return inTransaction(db, async (tx) => {
    const running = await tx
      .update(runs)
      .set({ cancelRequestedAt: new Date() })
      .where(and(eq(runs.id, id), eq(runs.status, 'running')))
      .returning({ id: runs.id });
    if (running.length) await signalRun(tx, 'cancel', id);
    return running.length > 0;
  });
}

/**
 * Ends the running runs whose lease has expired (their process is gone) as failed with `error`,
 * each with a stored status event; a run whose process still renews its lease is left alone.
 */
export async function failAbandonedRuns(db: TDb, error: string) {
  const expired = sql`(${runs.leaseExpiresAt} is null or ${runs.leaseExpiresAt} < now())`;
  const candidates = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.status, 'running'), expired));
  const events: TRunProgressEvent[] = [];
  for (const { id } of candidates) {
    const event = await inTransaction(db, async (tx) => {
      const taken = await tx
        .update(runs)
        .set({ status: 'failed', error, finishedAt: new Date(), leaseExpiresAt: null })
        .where(and(eq(runs.id, id), eq(runs.status, 'running'), expired))
        .returning({ id: runs.id });
      if (!taken.length) return undefined;
      await tx
        .update(runNodeStates)
        .set({ status: 'failed', error: 'Interrupted', finishedAt: new Date() })
        .where(
          and(eq(runNodeStates.runId, id), inArray(runNodeStates.status, ['queued', 'running'])),
        );
      return storeStatusEvent(tx, id, { type: 'run-status', status: 'failed', error });
    });
    if (event) events.push(event);
  }
  return events;
}

export async function queuedRunIds(db: TDb) {
  const waiting = await db
    .select({ id: runs.id })
    .from(runs)
    .where(eq(runs.status, 'queued'))
    .orderBy(runs.createdAt);
  return waiting.map((r) => r.id);
}

/**
 * The statement of `storeEvents` for a batch with events or not, the node states they report or
 * not, the run's counter or not, and request-log rows or not: built once for each, its values
 * placeholders.
 */
const storeEventsStatement = preparedStatements(
  (db: TDb, shape: { events: boolean; states: boolean; counter: boolean; logs: boolean }) => {
    const p = sql.placeholder;
    const writes: SQL[] = [];
    if (shape.events) writes.push(insertEventRows(p('runId'), p('events')));
    if (shape.states) writes.push(upsertNodeStates(p('runId'), p('states')));
    if (shape.counter)
      writes.push(
        sql`update ${runs} set seq = greatest(seq, ${p('last')}::int) where id = ${p('runId')}::uuid`,
      );
    // One statement, each write before the last in a data-modifying WITH: one round trip.
    const final = shape.logs ? sql`select ${storedReqLogs} as logs` : writes.pop()!;
    const before = writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
    if (shape.logs) before.push(sql`logs as (${insertReqLogRows(p('logs'))})`);
    return preparedSql(
      db,
      before.length === 0 ? final : sql`with ${sql.join(before, sql`, `)} ${final}`,
    );
  },
);

/**
 * Stores a batch of a run's progress events, the node states they report and the run's counter,
 * in one statement, so a reader sees node states that match the counter (left to the caller with
 * `counter: false`, when it stores the run's end in the same transaction). An event already
 * stored (its seq taken) is not stored twice, and the states it carries are the same, so a batch
 * can be tried again. `logs`: request-log rows of the run's model calls, stored by the same
 * statement as one JSON value; it answers with those it stored.
 */
export async function storeEvents(
  db: TDb,
  runId: string,
  batch: TStoredEvent[],
  { counter = true, logs = [] }: { counter?: boolean; logs?: TReqLogToPrice[] } = {},
): Promise<TReqLogRow[]> {
  const states = nodeStateRows(batch);
  const shape = {
    events: batch.length > 0,
    states: states.length > 0,
    // Only node states have to match the counter; other events a reader fetches after it.
    counter: counter && states.length > 0,
    logs: logs.length > 0,
  };
  if (!shape.events && !shape.logs) return [];
  const statement = storeEventsStatement(db, JSON.stringify(shape), shape);
  const result = (await statement.execute({
    runId,
    events: eventRows(batch),
    states: jsonParam(states),
    last: Math.max(...batch.map(({ event }) => event.seq)),
    logs: jsonParam(logs),
  })) as { rows: Array<{ logs?: Array<Record<string, unknown>> }> };
  return shape.logs ? fromJson(reqLogs, result.rows[0]!.logs!) : [];
}
