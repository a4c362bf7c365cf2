import { renderTemplate } from '@flowsmith/shared';
import type { TNodeImplementation } from '../run/run-types';
import type { TEngineServices } from './engine-services';

const BUILTIN_MODEL = 'echo';

/**
 * Fills the prompt template from the node's inputs and asks the model, or the custom AI whose
 * model, system prompt and settings then apply. The reply streams out token by token.
 */
export const aiProcessorNode: TNodeImplementation<TEngineServices, 'ai_processor'> = {
  async run({ node: { id, params }, inputs, signal, token, services }) {
    const prompt = renderTemplate(params.template, inputs);
    const customAi = params.customAiId
      ? await services.customAis.get(params.customAiId)
      : undefined;
    if (params.customAiId && !customAi)
      throw new Error('The custom AI of this node no longer exists');
    const system = [customAi?.systemPrompt, params.systemPrompt].filter(Boolean).join('\n\n');
    const { text: reply } = await services.models.streamText({
      nodeId: id,
      model: customAi?.model ?? params.model ?? BUILTIN_MODEL,
      ...(system ? { system } : {}),
      prompt,
      temperature: params.temperature ?? customAi?.temperature,
      maxTokens: params.maxTokens ?? customAi?.maxTokens ?? undefined,
      ...(customAi ? { customAiId: customAi.id } : {}),
      signal,
      onDelta: token,
    });
    return { text: reply };
  },
};

export const aiImageNode: TNodeImplementation<TEngineServices, 'ai_image'> = {
  async run({ node: { id, params }, inputs, signal, services }) {
    const prompt = renderTemplate(params.template, inputs);
    if (!prompt.trim()) throw new Error('The image prompt is empty');
    const image = await services.models.generateImage({
      nodeId: id,
      model: params.model ?? BUILTIN_MODEL,
      prompt,
      size: params.size,
      signal,
    });
    return { image };
  },
};
