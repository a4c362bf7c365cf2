import { z } from 'zod';
import { requiredText, ZId, ZTimestamp, zText } from '../resources/common';

/** Who may use a published group's app page: members, anyone with the link, or other sites too. */
export const appAccessModes = ['members', 'link', 'embed'] as const;
export const ZAppAccess = z.enum(appAccessModes, {
  error: `Access must be one of ${appAccessModes.join(', ')}`,
});
export type TAppAccess = z.infer<typeof ZAppAccess>;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
export const ZSlug = z
  .string(requiredText('Slug'))
  .regex(SLUG_PATTERN, 'Use 3 to 60 lower-case letters, digits and inner hyphens');

/** A site allowed to embed an app: its origin only (scheme, host and port), as browsers send it. */
export const ZAllowedOrigin = z
  .string()
  .max(200, 'An origin must be at most 200 characters')
  .regex(
    /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/,
    'Give an origin such as https://example.com, without a path or a trailing slash',
  );

export const ZGroupPublish = z.object({ note: zText('Note', 1000).trim().default('') });
export type TGroupPublish = z.input<typeof ZGroupPublish>;

export const ZGroupVersion = z.object({
  id: ZId,
  projectId: ZId,
  nodeGroupId: ZId,
  number: z.number().int(),
  note: z.string(),
  createdBy: z.object({ id: ZId, name: z.string() }).nullable(),
  createdAt: ZTimestamp,
});
export type TGroupVersion = z.infer<typeof ZGroupVersion>;

export const ZGroupPublication = z.object({
  nodeGroupId: ZId,
  versionId: ZId,
  versionNumber: z.number().int(),
  slug: z.string(),
  access: ZAppAccess,
  allowedOrigins: z.array(z.string()),
  updatedAt: ZTimestamp,
});
export type TGroupPublication = z.infer<typeof ZGroupPublication>;

/** The group's versions, newest first, and which one is published (none before the first). */
export const ZGroupVersionList = z.object({
  items: z.array(ZGroupVersion),
  publication: ZGroupPublication.nullable(),
});
export type TGroupVersionList = z.infer<typeof ZGroupVersionList>;

export const ZGroupPublishResult = z.object({
  version: ZGroupVersion,
  publication: ZGroupPublication,
});

/** Changes how a published group is reached; each field given is changed. */
export const ZGroupPublicationUpdate = z.object({
  access: ZAppAccess.optional(),
  allowedOrigins: z.array(ZAllowedOrigin).max(50, 'At most 50 origins').optional(),
  slug: ZSlug.optional(),
  /** Publishes an older version again. */
  versionId: ZId.optional(),
});
export type TGroupPublicationUpdate = z.infer<typeof ZGroupPublicationUpdate>;

export const ZGroupVersionParams = z.object({ id: ZId, versionId: ZId });

const ZDiffNode = z.object({ id: z.string(), type: z.string(), title: z.string() });
export type TDiffNode = z.infer<typeof ZDiffNode>;
const ZDiffEdge = z.object({
  id: z.string(),
  source: z.string(),
  sourceHandle: z.string(),
  target: z.string(),
  targetHandle: z.string(),
});

/** What the draft changed since a version: nodes added, removed or changed (which fields). */
export const ZGraphDiff = z.object({
  nodes: z.object({
    added: z.array(ZDiffNode),
    removed: z.array(ZDiffNode),
    changed: z.array(ZDiffNode.extend({ fields: z.array(z.string()) })),
  }),
  connections: z.object({ added: z.array(ZDiffEdge), removed: z.array(ZDiffEdge) }),
});
export type TGraphDiff = z.infer<typeof ZGraphDiff>;

export const ZGroupRestoreResult = z.object({ restored: ZGroupVersion });

const ZRunValues = z.record(z.string().max(200), z.unknown());

/** `POST /api/v1/groups/{id}/run`: the group's inputs by name; `stream` answers with events. */
export const ZGroupRunRequest = z.object({
  inputs: ZRunValues.refine(
    (inputs) => JSON.stringify(inputs).length <= 1_000_000,
    'Inputs must be under 1 MB',
  ).default({}),
  stream: z.boolean().default(false),
});
export type TGroupRunRequest = z.input<typeof ZGroupRunRequest>;

/** A finished run of a published group. */
export const ZGroupRunResult = z.object({
  runId: ZId,
  version: z.number().int(),
  status: z.enum(['succeeded', 'failed', 'cancelled', 'queued', 'running', 'skipped']),
  outputs: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
});
export type TGroupRunResult = z.infer<typeof ZGroupRunResult>;

/**
 * The Server-Sent Events of a streamed run of a published group, each as `event: <type>` with
 * the rest as JSON data: `run` once, `token` for each piece of an answer as it is written, and
 * `done` with the outputs.
 */
export type TGroupRunEvent =
  | { type: 'run'; runId: string; version: number }
  | { type: 'token'; output: string; delta: string }
  | ({ type: 'done' } & TGroupRunResult);

/** What a visitor of an app sees of it: its fields or its chat, never params or prompts. */
export const ZPublicApp = z.object({
  slug: z.string(),
  name: z.string(),
  access: ZAppAccess,
  version: z.number().int(),
  chat: z.object({ input: z.string(), placeholder: z.string() }).nullable(),
  fields: z.array(
    z.object({
      input: z.string(),
      label: z.string(),
      fieldType: z.enum(['text', 'textarea', 'number']),
    }),
  ),
});
export type TPublicApp = z.infer<typeof ZPublicApp>;

export const ZSlugParams = z.object({ slug: z.string().max(100) });
export const ZAppRunRequest = ZGroupRunRequest.pick({ inputs: true });
