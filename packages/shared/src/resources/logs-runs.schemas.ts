import { z } from 'zod';
import { ZId, ZTimestamp, withStamps, zListQuery } from './common';

/** How one attempt of a model call ended; a call the user stopped is `cancelled`, not `failed`. */
export const reqLogStatuses = ['succeeded', 'failed', 'cancelled'] as const;
export const ZReqLogStatus = z.enum(reqLogStatuses);
export type TReqLogStatus = z.infer<typeof ZReqLogStatus>;

export const ZReqLog = withStamps({
  userId: ZId.nullable(),
  projectId: ZId.nullable(),
  runId: ZId.nullable(),
  nodeId: ZId.nullable(),
  customAiId: ZId.nullable(),
  conversationId: ZId.nullable(),
  /** Shared by the attempts of one call, retries included. */
  callId: ZId,
  /** Which attempt of its call this row is, from 1. */
  attempt: z.number().int(),
  provider: z.string(),
  model: z.string(),
  status: ZReqLogStatus,
  latencyMs: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cost: z.number(),
  /** In lists and live rows, prompt, response and error are cut at 2,000 characters. */
  prompt: z.string(),
  response: z.string().nullable(),
  error: z.string().nullable(),
  /** True when a text is only its beginning: the row's own GET has all of it. */
  truncated: z.boolean(),
});
export type TReqLog = z.infer<typeof ZReqLog>;

const ZDateFilter = z.iso.datetime({
  offset: true,
  error: 'Must be an ISO date-time like 2026-01-31T00:00:00Z',
});

export const ZReqLogListQuery = zListQuery(
  ['createdAt', 'latencyMs', 'cost', 'inputTokens', 'outputTokens', 'model'],
  {
    projectId: ZId.optional(),
    runId: ZId.optional(),
    customAiId: ZId.optional(),
    conversationId: ZId.optional(),
    model: z.string().max(200).optional(),
    provider: z.string().max(50).optional(),
    status: ZReqLogStatus.optional(),
    from: ZDateFilter.optional(),
    to: ZDateFilter.optional(),
  },
);

export const runStatuses = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'skipped',
] as const;
export const ZRunStatus = z.enum(runStatuses);
export type TRunStatus = z.infer<typeof ZRunStatus>;

/** Each node's params as a run found them when it was created, by node id. */
const ZParamsSnapshot = z.record(z.string(), z.record(z.string(), z.unknown()));
export type TParamsSnapshot = z.infer<typeof ZParamsSnapshot>;

export const ZRun = withStamps({
  projectId: ZId,
  nodeGroupId: ZId.nullable(),
  /** Set when the run executed the group's published version rather than the canvas. */
  groupVersionId: ZId.nullable(),
  nodeId: ZId.nullable(),
  customAiId: ZId.nullable(),
  userId: ZId.nullable(),
  status: ZRunStatus,
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  /** Null for runs stored before snapshots were kept. */
  paramsSnapshot: ZParamsSnapshot.nullable(),
  seq: z.number(),
  startedAt: ZTimestamp.nullable(),
  finishedAt: ZTimestamp.nullable(),
});
export type TRun = z.infer<typeof ZRun>;
export const ZRunListQuery = zListQuery(['createdAt', 'status'], {
  projectId: ZId.optional(),
  nodeGroupId: ZId.optional(),
  status: ZRunStatus.optional(),
});

export const ZReqLogSummaryQuery = ZReqLogListQuery.omit({
  page: true,
  pageSize: true,
  sort: true,
});
export const ZReqLogSummary = z.object({
  requests: z.number(),
  failed: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cost: z.number(),
  /** One entry per UTC day that had requests, oldest first. */
  perDay: z.array(
    z.object({ day: z.string(), requests: z.number(), tokens: z.number(), cost: z.number() }),
  ),
});
export type TReqLogSummary = z.infer<typeof ZReqLogSummary>;
