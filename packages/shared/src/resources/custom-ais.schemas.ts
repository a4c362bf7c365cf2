import { z } from 'zod';
import { ZId, withStamps, zListQuery, zName, zText, zPatch } from './common';

export const ZCustomAi = withStamps({
  projectId: ZId,
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
  model: z.string(),
  systemPrompt: z.string(),
  temperature: z.number(),
  maxTokens: z.number().nullable(),
});
export type TCustomAi = z.infer<typeof ZCustomAi>;
export const ZCustomAiCreate = z.object({
  projectId: ZId,
  name: zName('Name', 100),
  description: zText('Description', 2000).default(''),
  avatar: zText('Avatar', 2000).default(''),
  model: zName('Model', 200).default('echo'),
  systemPrompt: zText('System prompt', 50_000).default(''),
  temperature: z
    .number({ error: 'Temperature must be a number' })
    .min(0, 'At least 0')
    .max(2, 'At most 2')
    .default(0.7),
  maxTokens: z
    .number()
    .int('Must be a whole number')
    .min(1)
    .max(1_000_000)
    .nullable()
    .default(null),
});
export type TCustomAiCreate = z.input<typeof ZCustomAiCreate>;
export const ZCustomAiUpdate = zPatch(ZCustomAiCreate.omit({ projectId: true }));
export const ZCustomAiListQuery = zListQuery(['name', 'createdAt', 'updatedAt'], {
  projectId: ZId.optional(),
  model: z.string().max(200).optional(),
});

export const ZCustomAiToNodeGroup = withStamps({
  projectId: ZId,
  customAiId: ZId,
  nodeGroupId: ZId,
});
export type TCustomAiToNodeGroup = z.infer<typeof ZCustomAiToNodeGroup>;
export const ZCustomAiToNodeGroupCreate = z.object({ customAiId: ZId, nodeGroupId: ZId });
export const ZCustomAiToNodeGroupUpdate = z.object({ nodeGroupId: ZId.optional() });
export const ZCustomAiToNodeGroupListQuery = zListQuery(['createdAt'], {
  projectId: ZId.optional(),
  customAiId: ZId.optional(),
  nodeGroupId: ZId.optional(),
});
