import { renderTemplate } from '@flowsmith/shared';
import type { TNodeImplementation } from '../run/run-types';
import type { TEngineServices } from './engine-services';

const BUILTIN_MODEL = 'echo';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown, fallback: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * Fills the prompt template from the node's inputs and asks the model, or the custom AI whose
 * model, system prompt and settings then apply. The reply streams out token by token.
 */
export const aiProcessorNode: TNodeImplementation<TEngineServices> = {
  async run({ node, inputs, signal, token, services }) {
    const prompt = renderTemplate(text(node.params.template) || '{{input}}', inputs);
    const customAiId = text(node.params.customAiId);
    const customAi = customAiId ? await services.customAis.get(customAiId) : undefined;
    if (customAiId && !customAi) throw new Error('The custom AI of this node no longer exists');
    const system = [customAi?.systemPrompt, text(node.params.systemPrompt)]
      .filter(Boolean)
      .join('\n\n');
    const { text: reply } = await services.models.streamText({
      nodeId: node.id,
      model: customAi?.model ?? (text(node.params.model) || BUILTIN_MODEL),
      ...(system ? { system } : {}),
      prompt,
      temperature: numberOr(node.params.temperature, customAi?.temperature),
      maxTokens: numberOr(node.params.maxTokens, customAi?.maxTokens ?? undefined),
      ...(customAi ? { customAiId: customAi.id } : {}),
      signal,
      onDelta: token,
    });
    return { text: reply };
  },
};

export const aiImageNode: TNodeImplementation<TEngineServices> = {
  async run({ node, inputs, signal, services }) {
    const prompt = renderTemplate(text(node.params.template) || '{{prompt}}', inputs);
    if (!prompt.trim()) throw new Error('The image prompt is empty');
    const image = await services.models.generateImage({
      nodeId: node.id,
      model: text(node.params.model) || BUILTIN_MODEL,
      prompt,
      size: text(node.params.size) || '1024x1024',
      signal,
    });
    return { image };
  },
};
