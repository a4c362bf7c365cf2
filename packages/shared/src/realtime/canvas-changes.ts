import { z } from 'zod';
import { ZProjectGraph } from '../graph/graph-document';
import { ZId } from '../resources/common';

/**
 * What one canvas write changed, as published on `project:{id}`: rows as they are now
 * (`upsert`, the shapes of `GET …/graph`) and ids of rows that are gone (`remove`; removing a
 * node removes what is inside it and its handles and connections, removing a handle its
 * connections).
 */
export const ZCanvasChange = z.object({
  upsert: ZProjectGraph.omit({ projectId: true }).partial().optional(),
  remove: z
    .object({
      nodes: z.array(ZId),
      connections: z.array(ZId),
      inputs: z.array(ZId),
      outputs: z.array(ZId),
    })
    .partial()
    .optional(),
});
export type TCanvasChange = z.infer<typeof ZCanvasChange>;

/**
 * Who made a canvas change (spec §3 client info): the user, their name in `connInfo`, and the
 * realtime connection of the tab that wrote when it said so in `X-Client-Id` (else empty).
 */
export const ZCanvasChangeInfo = z.object({
  client: z.string(),
  user: ZId,
  connInfo: z.record(z.string(), z.unknown()),
});

export const ZCanvasPublication = z.object({
  channel: z.string(),
  data: ZCanvasChange,
  offset: z.number().int(),
  info: ZCanvasChangeInfo,
  tags: z.record(z.string(), z.string()),
});
export type TCanvasPublication = z.infer<typeof ZCanvasPublication>;

export const ZCanvasChangesQuery = z.object({
  after: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .default(0),
});

/**
 * `GET /api/projects/:id/graph/changes?after=N`: the publications after offset N, oldest
 * first, and the canvas's current offset. `complete: false` means some were pruned: reload.
 */
export const ZCanvasChanges = z.object({
  offset: z.number().int(),
  complete: z.boolean(),
  publications: z.array(ZCanvasPublication),
});
export type TCanvasChanges = z.infer<typeof ZCanvasChanges>;
