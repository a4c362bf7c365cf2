import { z } from 'zod';
import { ioTypeCodes, paramTypeCodes } from '../catalog/catalog-types';
import { ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

export const ZCode = z
  .string({ error: 'Code is required' })
  .regex(/^[a-z][a-z0-9_]{0,49}$/, 'Code must be lower-case letters, digits and _ (at most 50)');

/** The four type tables: param types, input types, output types, database value types. */
export const ZCatalogType = withStamps({
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TCatalogType = z.infer<typeof ZCatalogType>;
export const ZCatalogTypeCreate = z.object({
  code: ZCode,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
});
export const ZCatalogTypeUpdate = zPatch(ZCatalogTypeCreate);
export const ZCatalogTypeListQuery = zListQuery(['code', 'name', 'createdAt'], {
  code: z.string().max(50).optional(),
});

const ZHandle = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Handle names are letters, digits and _'),
  label: zText('Label', 100),
  type: z.enum(ioTypeCodes, { error: `Type must be one of ${ioTypeCodes.join(', ')}` }),
});

export const ZNodeType = withStamps({
  kind: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  category: z.string(),
  isGroup: z.boolean(),
  runnable: z.boolean(),
  inputs: z.array(ZHandle),
  outputs: z.array(ZHandle),
  sortOrder: z.number(),
});
export type TNodeType = z.infer<typeof ZNodeType>;
export const ZNodeTypeCreate = z.object({
  kind: ZCode,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
  icon: zText('Icon', 100).default('pi pi-box'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #6366f1')
    .default('#64748b'),
  category: zText('Category', 50).default('other'),
  isGroup: z.boolean().default(false),
  runnable: z.boolean().default(false),
  inputs: z.array(ZHandle).max(50).default([]),
  outputs: z.array(ZHandle).max(50).default([]),
  sortOrder: z.number().int().min(0).max(10_000).default(100),
});
export const ZNodeTypeUpdate = zPatch(ZNodeTypeCreate.omit({ kind: true }));
export const ZNodeTypeListQuery = zListQuery(['sortOrder', 'kind', 'name'], {
  kind: z.string().max(50).optional(),
  category: z.string().max(50).optional(),
});

const ZParamValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const ZNodeTypeParam = withStamps({
  nodeTypeId: ZId,
  name: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  defaultValue: ZParamValue,
  options: z.array(z.string()).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  description: z.string(),
  sortOrder: z.number(),
});
export type TNodeTypeParam = z.infer<typeof ZNodeTypeParam>;
export const ZNodeTypeParamCreate = z.object({
  nodeTypeId: ZId,
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Names are letters, digits and _'),
  label: zName('Label', 100),
  type: z.enum(paramTypeCodes, { error: `Type must be one of ${paramTypeCodes.join(', ')}` }),
  required: z.boolean().default(false),
  defaultValue: ZParamValue.default(null),
  options: z.array(z.string().max(200)).max(200).nullable().default(null),
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
  description: zText('Description', 2000).default(''),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export const ZNodeTypeParamUpdate = zPatch(ZNodeTypeParamCreate.omit({ nodeTypeId: true }));
export const ZNodeTypeParamListQuery = zListQuery(['sortOrder', 'name'], {
  nodeTypeId: ZId.optional(),
  type: z.string().max(50).optional(),
});
