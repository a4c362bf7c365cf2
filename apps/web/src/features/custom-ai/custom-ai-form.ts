import { z } from 'zod';
import { ZCustomAiCreate, type TCustomAi } from '@flowsmith/shared';
import { ECHO_MODEL_ID } from '../../lib/models/model-label';
import type { TSaveCustomAi } from './custom-ai.mutations';

/** The custom AI form: the API's own rules (so messages match the server's) plus linked workflows. */
export const ZCustomAiForm = ZCustomAiCreate.omit({ projectId: true }).extend({
  nodeGroupIds: z.array(z.string()),
});
export type TCustomAiFormInput = z.input<typeof ZCustomAiForm>;
export type TCustomAiFormValues = z.output<typeof ZCustomAiForm>;

/** Every field the server may name in a 400's details. */
export const CUSTOM_AI_FIELDS = [
  'name',
  'description',
  'avatar',
  'model',
  'systemPrompt',
  'temperature',
  'maxTokens',
  'mcpServerIds',
  'nodeGroupIds',
] as const;

export const DEFAULT_TEMPERATURE = 0.7;

export function formDefaults(
  customAi: TCustomAi | null,
  nodeGroupIds: string[],
): TCustomAiFormValues {
  return {
    name: customAi?.name ?? '',
    description: customAi?.description ?? '',
    avatar: customAi?.avatar ?? '',
    model: customAi?.model ?? ECHO_MODEL_ID,
    systemPrompt: customAi?.systemPrompt ?? '',
    temperature: customAi?.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: customAi?.maxTokens ?? null,
    mcpServerIds: customAi?.mcpServerIds ?? [],
    nodeGroupIds,
  };
}

export function toSave(
  values: TCustomAiFormValues,
  id: string | null,
  projectId: string,
): TSaveCustomAi {
  const { nodeGroupIds, ...body } = values;
  return { id, projectId, body, nodeGroupIds };
}

/** Slider steps of 0.1 add up to 0.30000000000000004; the value shown and saved is rounded. */
export const roundTemperature = (value: number) => Math.round(value * 10) / 10;
