import { z } from 'zod';
import { ioTypeCodes } from '../catalog/catalog-types';
import { requiredText, ZId, withStamps, zListQuery, zName, zText } from './common';

export const ZCode = z
  .string(requiredText('Code'))
  .regex(/^[a-z][a-z0-9_]{0,49}$/, 'Code must be lower-case letters, digits and _ (at most 50)');

/**
 * Catalog rows are generated from the node catalog in code: an administrator may reword their
 * texts, and a write to any other field is refused, naming it.
 */
function zTextsOnly<T extends z.ZodRawShape>(texts: T, fixed: readonly string[], what: string) {
  const refused = z
    .never({ error: `Defined by Flowsmith itself; only the ${what} can be changed` })
    .optional();
  return z.object({
    ...Object.fromEntries(fixed.map((field) => [field, refused])),
    ...texts,
  }) as z.ZodObject<{ [K in keyof T]: T[K] }>;
}

const nameAndDescription = {
  name: zName('Name', 100).optional(),
  description: zText('Description', 2000).optional(),
};

/** The four type tables: param types, input types, output types, database value types. */
export const ZCatalogType = withStamps({
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TCatalogType = z.infer<typeof ZCatalogType>;
export const ZCatalogTypeUpdate = zTextsOnly(nameAndDescription, ['code'], 'name and description');
export const ZCatalogTypeListQuery = zListQuery(['code', 'name', 'createdAt'], {
  code: z.string().max(50).optional(),
});

const ZHandle = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(ioTypeCodes),
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
export const ZNodeTypeUpdate = zTextsOnly(
  nameAndDescription,
  ['kind', 'icon', 'color', 'category', 'isGroup', 'runnable', 'inputs', 'outputs', 'sortOrder'],
  'name and description',
);
export const ZNodeTypeListQuery = zListQuery(['sortOrder', 'kind', 'name'], {
  kind: z.string().max(50).optional(),
  category: z.string().max(50).optional(),
});

const ZParamValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

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
export const ZNodeTypeParamUpdate = zTextsOnly(
  { label: zName('Label', 100).optional(), description: nameAndDescription.description },
  ['nodeTypeId', 'name', 'type', 'required', 'defaultValue', 'options', 'min', 'max', 'sortOrder'],
  'label and description',
);
export const ZNodeTypeParamListQuery = zListQuery(['sortOrder', 'name'], {
  nodeTypeId: ZId.optional(),
  type: z.string().max(50).optional(),
});
