import { z } from 'zod';
import { ZId, ZTimestamp, withStamps, zListQuery, zPatch } from './common';
import { ZRun, ZRunStatus } from './logs-runs.schemas';

const ZRunInputs = z
  .record(z.string().max(200), z.unknown())
  .refine((inputs) => JSON.stringify(inputs).length <= 1_000_000, 'Inputs must be under 1 MB')
  .default({});

/** Start a run of a runnable group, of one node with what it depends on, or of the whole canvas. */
export const ZRunCreate = z.object({
  projectId: ZId,
  nodeGroupId: ZId.nullable().default(null),
  nodeId: ZId.nullable().default(null),
  inputs: ZRunInputs,
});
export type TRunCreate = z.input<typeof ZRunCreate>;
/** The answer to starting or cancelling a run: the run as it stands. */
export const ZRunAccepted = z.object({ run: ZRun });

export const ZRunNodeState = z.object({
  nodeId: ZId,
  status: ZRunStatus,
  output: z.unknown().nullable(),
  error: z.string().nullable(),
  startedAt: ZTimestamp.nullable(),
  finishedAt: ZTimestamp.nullable(),
});
export type TRunNodeState = z.infer<typeof ZRunNodeState>;
export const ZRunNodeStateList = z.object({ items: z.array(ZRunNodeState) });

/** The inputs a run of a target asks for, to build the run dialog. */
export const ZRunInputField = z.object({
  nodeId: ZId,
  name: z.string(),
  /** The name, or the node's title for an entry node named only by its id (a UI chat). */
  label: z.string(),
  kind: z.string(),
  valueType: z.string(),
  defaultValue: z.unknown().nullable(),
  description: z.string(),
});
export type TRunInputField = z.infer<typeof ZRunInputField>;
export const ZRunInputFieldList = z.object({ items: z.array(ZRunInputField) });
export const ZRunInputsQuery = z.object({
  projectId: ZId,
  nodeGroupId: ZId.optional(),
  nodeId: ZId.optional(),
});

/** One numbered progress event of a run, as stored and as published on `run:{id}`. */
export type TRunProgress =
  | {
      type: 'run-status';
      status: z.infer<typeof ZRunStatus>;
      error?: string;
      outputs?: Record<string, unknown>;
    }
  | {
      type: 'node-status';
      nodeId: string;
      status: z.infer<typeof ZRunStatus>;
      output?: Record<string, unknown>;
      error?: string;
      attempt?: number;
    }
  | { type: 'node-token'; nodeId: string; delta: string }
  | { type: 'node-retry'; nodeId: string; attempt: number; delayMs: number; error: string };
export type TRunProgressEvent = { runId: string; seq: number } & TRunProgress;
export const ZRunEventsQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});

/** `POST /api/custom_ais/handle`: run a node or a group, wait, and answer with its outputs. */
export const ZHandleRequest = z
  .object({
    nodeId: ZId.optional(),
    nodeGroupId: ZId.optional(),
    customAiId: ZId.optional(),
    inputs: ZRunInputs,
  })
  .refine((body) => Boolean(body.nodeId) !== Boolean(body.nodeGroupId), {
    path: ['nodeId'],
    message: 'Give either nodeId or nodeGroupId',
  });
export const ZHandleResponse = z.object({
  runId: ZId,
  status: ZRunStatus,
  outputs: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
});

/** `GET /api/files/:projectId/:name`: a file a run generated (an image). */
export const ZFileParams = z.object({
  projectId: ZId,
  name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'Not a file name'),
});

export const ZModelInfo = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  kind: z.enum(['text', 'image']),
  builtin: z.boolean(),
});
export type TModelInfo = z.infer<typeof ZModelInfo>;
export const ZModelList = z.object({ items: z.array(ZModelInfo) });

export const ZModelPrice = withStamps({
  model: z.string(),
  inputPerMillion: z.number(),
  outputPerMillion: z.number(),
  perImage: z.number(),
});
export type TModelPrice = z.infer<typeof ZModelPrice>;
const ZDollars = z
  .number({ error: 'Must be a number' })
  .min(0, 'Cannot be negative')
  .max(1_000_000);
export const ZModelPriceCreate = z.object({
  model: z.string().trim().min(1, 'Model is required').max(200),
  inputPerMillion: ZDollars.default(0),
  outputPerMillion: ZDollars.default(0),
  perImage: ZDollars.default(0),
});
export const ZModelPriceUpdate = zPatch(ZModelPriceCreate);
export const ZModelPriceListQuery = zListQuery(['model', 'createdAt'], {});

/** The generic resource `model_prices`: its row, the bodies it takes and its list query. */
export const modelPriceSchemas = {
  row: ZModelPrice,
  create: ZModelPriceCreate,
  update: ZModelPriceUpdate,
  listQuery: ZModelPriceListQuery,
};
