import { z } from 'zod';
import { ioTypeCodes } from '../catalog/catalog-types';
import { groupKinds, type TNodeKind } from '../catalog/node-catalog';
import { NAME_PATTERN, NAME_RULE } from '../catalog/template';
import { requiredText, ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

const ZCoordinate = z
  .number({ error: 'Must be a number' })
  .min(-1_000_000, 'Too far out')
  .max(1_000_000, 'Too far out');
const ZSize = z.number({ error: 'Must be a number' }).min(1).max(100_000).nullable();

export const ZPosition = z.object({ x: ZCoordinate, y: ZCoordinate });

/**
 * The version of each field of a canvas row that members change on their own: `title`,
 * `params.<key>` and `layout` (position, size, parent) of a node; `name` and
 * `settings.<key>` of a group; `label` and `type` of a connection. A field never written is 0.
 */
export const ZFieldVersions = z.record(z.string().max(120), z.number().int().min(0));
export type TFieldVersions = z.infer<typeof ZFieldVersions>;
/**
 * `baseVersions` of an update: the `versions` of the row the caller saw (a field missing there
 * is 0). A field it changes whose stored version differs is refused with 409 `conflict`
 * carrying the current row. An update without `baseVersions` is written as given (last write
 * wins), as simple API clients expect.
 */
const zBaseVersions = () => ZFieldVersions.optional();

export const ZNodeData = z.object({
  title: zText('Title', 200).default(''),
  params: z.record(z.string().max(100), z.unknown()).default({}),
});
export type TNodeData = z.infer<typeof ZNodeData>;

export const ZNode = withStamps({
  projectId: ZId,
  type: z.string(),
  position: ZPosition,
  data: z.object({ title: z.string(), params: z.record(z.string(), z.unknown()) }),
  width: z.number().nullable(),
  height: z.number().nullable(),
  parentId: ZId.nullable(),
  versions: ZFieldVersions,
});
export type TNode = z.infer<typeof ZNode>;
export const ZNodeCreate = z.object({
  projectId: ZId,
  type: z.string(requiredText('Type')).min(1, 'Type is required').max(50),
  position: ZPosition.default({ x: 0, y: 0 }),
  data: ZNodeData.default({ title: '', params: {} }),
  width: ZSize.default(null),
  height: ZSize.default(null),
  parentId: ZId.nullable().default(null),
});
export type TNodeCreate = z.input<typeof ZNodeCreate>;
/** Only the keys given change: params merge key by key with the stored ones. */
export const ZNodeDataPatch = z.object({
  title: zText('Title', 200).optional(),
  params: z.record(z.string().max(100), z.unknown()).optional(),
});
export type TNodeDataPatch = z.infer<typeof ZNodeDataPatch>;
export const ZNodeUpdate = z.object({
  position: ZPosition.optional(),
  data: ZNodeDataPatch.optional(),
  width: ZSize.optional(),
  height: ZSize.optional(),
  parentId: ZId.nullable().optional(),
  baseVersions: zBaseVersions(),
});
export type TNodeUpdate = z.input<typeof ZNodeUpdate>;
export const ZNodeListQuery = zListQuery(['createdAt', 'updatedAt', 'type'], {
  projectId: ZId.optional(),
  type: z.string().max(50).optional(),
  parentId: ZId.optional(),
});

export const ZNodeGroup = withStamps({
  projectId: ZId,
  nodeId: ZId,
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  versions: ZFieldVersions,
});
export type TNodeGroup = z.infer<typeof ZNodeGroup>;
/** Creating a group creates its group node too (a group node and its group row are one thing). */
export const ZNodeGroupCreate = z.object({
  projectId: ZId,
  name: zName('Name', 200),
  type: z
    .enum(groupKinds as [TNodeKind, ...TNodeKind[]], {
      error: `Type must be one of ${groupKinds.join(', ')}`,
    })
    .default('group'),
  position: ZPosition.default({ x: 0, y: 0 }),
  width: ZSize.default(null),
  height: ZSize.default(null),
  parentId: ZId.nullable().default(null),
  settings: z.record(z.string().max(100), z.unknown()).default({}),
});
export type TNodeGroupCreate = z.input<typeof ZNodeGroupCreate>;
/** `settings` merge key by key with the stored ones. */
export const ZNodeGroupUpdate = z.object({
  name: zName('Name', 200).optional(),
  settings: z.record(z.string().max(100), z.unknown()).optional(),
  baseVersions: zBaseVersions(),
});
export type TNodeGroupUpdate = z.infer<typeof ZNodeGroupUpdate>;
export const ZNodeGroupListQuery = zListQuery(['name', 'createdAt'], {
  projectId: ZId.optional(),
  nodeId: ZId.optional(),
});

export const ZHandleName = z.string(requiredText('Name')).regex(NAME_PATTERN, NAME_RULE);

export const ZNodeHandle = withStamps({
  projectId: ZId,
  nodeId: ZId,
  name: z.string(),
  label: z.string(),
  type: z.string(),
});
export type TNodeHandle = z.infer<typeof ZNodeHandle>;
export const ZNodeHandleCreate = z.object({
  nodeId: ZId,
  name: ZHandleName,
  label: zText('Label', 100).default(''),
  type: z
    .enum(ioTypeCodes, { error: `Type must be one of ${ioTypeCodes.join(', ')}` })
    .default('any'),
});
export const ZNodeHandleUpdate = zPatch(ZNodeHandleCreate.omit({ nodeId: true }));
export const ZNodeHandleListQuery = zListQuery(['name', 'createdAt'], {
  projectId: ZId.optional(),
  nodeId: ZId.optional(),
});

export const ZNodeConnection = withStamps({
  projectId: ZId,
  source: ZId,
  target: ZId,
  sourceHandle: z.string(),
  targetHandle: z.string(),
  label: z.string(),
  type: z.string(),
  versions: ZFieldVersions,
});
export type TNodeConnection = z.infer<typeof ZNodeConnection>;
export const ZNodeConnectionCreate = z.object({
  projectId: ZId,
  source: ZId,
  target: ZId,
  sourceHandle: ZHandleName,
  targetHandle: ZHandleName,
  label: zText('Label', 200).default(''),
  type: zText('Type', 50).default('button'),
});
export type TNodeConnectionCreate = z.input<typeof ZNodeConnectionCreate>;
export const ZNodeConnectionUpdate = zPatch(ZNodeConnectionCreate.omit({ projectId: true })).extend(
  { baseVersions: zBaseVersions() },
);
export type TNodeConnectionUpdate = z.infer<typeof ZNodeConnectionUpdate>;
export const ZNodeConnectionListQuery = zListQuery(['createdAt'], {
  projectId: ZId.optional(),
  source: ZId.optional(),
  target: ZId.optional(),
});
