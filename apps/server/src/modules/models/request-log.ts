import { randomUUID } from 'node:crypto';
import type { TReqLogStatus } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { reqLogs } from '../../db/schema/index';
import { persistently } from '../../lib/persistently';
import type { TRealtime } from '../../plugins/realtime';
import type { TUsageMeter } from '../billing/quotas';
import { liveReqLog } from '../req-logs/req-logs.resource';
import { findRow, insertRow } from '../resources/resources.repo';
import { pricedReqLog, type TReqLogToPrice } from './models.repo';

export type TCallContext = {
  userId: string;
  projectId: string;
  runId?: string | null;
  customAiId?: string | null;
  conversationId?: string | null;
};

export type TModelCall = {
  nodeId?: string | null;
  provider: string;
  modelId: string;
  model: string;
  /** The call this attempt belongs to; a call made once may leave it out. */
  callId?: string;
  attempt?: number;
  status: TReqLogStatus;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  images?: number;
  prompt: string;
  response?: string | null;
  error?: string | null;
};

type TAttempt = { callId: string; attempt: number };

/**
 * Numbers the attempts of model calls, by a key such as the node that makes them. A call that
 * failed is tried again by whoever made it, so the next call under its key is the same call's
 * next attempt; after a success or a cancel the next call is a new one.
 */
export function callAttempts() {
  const failed = new Map<string, TAttempt>();
  return {
    next(key: string): TAttempt {
      const last = failed.get(key);
      return last
        ? { callId: last.callId, attempt: last.attempt + 1 }
        : { callId: randomUUID(), attempt: 1 };
    },
    ended(key: string, attempt: TAttempt, status: TReqLogStatus) {
      if (status === 'failed') failed.set(key, attempt);
      else failed.delete(key);
    },
  };
}

export type TCallAttempts = ReturnType<typeof callAttempts>;

const isDuplicate = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The stored values of one attempt of a model call, priced when stored. */
const reqLogValues = (context: TCallContext, call: TModelCall, id: string) =>
  pricedReqLog(unpricedValues(context, call, id), call);

/** An attempt of a model call with what prices it, for a run's writes (see `TReqLogToPrice`). */
export const reqLogToPrice = (context: TCallContext, call: TModelCall): TReqLogToPrice => ({
  ...unpricedValues(context, call, randomUUID()),
  pricing: {
    modelId: call.modelId,
    model: call.model,
    inputTokens: call.inputTokens,
    outputTokens: call.outputTokens,
    images: call.images ?? 0,
  },
});

function unpricedValues(context: TCallContext, call: TModelCall, id: string) {
  // Timed when the attempt ended, not when stored: a run stores several at once, in order.
  const now = new Date();
  return {
    id,
    createdAt: now,
    updatedAt: now,
    userId: context.userId,
    projectId: context.projectId,
    runId: context.runId ?? null,
    customAiId: context.customAiId ?? null,
    conversationId: context.conversationId ?? null,
    nodeId: call.nodeId ?? null,
    callId: call.callId ?? id,
    attempt: call.attempt ?? 1,
    provider: call.provider,
    model: call.modelId,
    status: call.status,
    latencyMs: Math.round(call.latencyMs),
    inputTokens: call.inputTokens,
    outputTokens: call.outputTokens,
    prompt: call.prompt,
    response: call.response ?? null,
    error: call.error ?? null,
  };
}

/** Shows stored request-log rows live to whoever may read the project's log. */
export function publishReqLogs(
  realtime: TRealtime,
  projectId: string,
  rows: Array<Record<string, unknown>>,
) {
  for (const row of rows)
    realtime.publish(
      `project:${projectId}`,
      { type: 'req-log', row: liveReqLog(row) },
      { kind: 'req-log' },
    );
}

/**
 * Writes one request-log row per attempt of a model call, canvas run or chat alike, and shows it
 * live to whoever may read it. A call was made (and maybe paid for): its row waits for a database
 * that is away, and is written once; then the project's budget may call for its 80 % notice.
 */
export function createRequestLog(db: TDb, realtime: TRealtime, meter: TUsageMeter) {
  return async (context: TCallContext, call: TModelCall) => {
    const id = randomUUID();
    const insert = async () =>
      insertRow(db, reqLogs, reqLogValues(context, call, id)).catch(async (error: unknown) => {
        // An earlier attempt was stored though its answer was lost with the connection.
        if (isDuplicate(error)) return (await findRow(db, reqLogs, id))!;
        throw error;
      });
    const row = await persistently(insert);
    publishReqLogs(realtime, context.projectId, [row]);
    if (row.cost > 0) await meter.afterCall(context);
    return row;
  };
}

export type TRequestLog = ReturnType<typeof createRequestLog>;
