import { defineNodeKind } from './node-kind';

/** How long a node that asks a model may take, its retries included. */
const timeLimit = {
  type: 'number',
  label: 'Time limit (seconds)',
  initial: 60,
  min: 1,
  max: 3600,
  description: 'How long this node may take in all, retries included.',
} as const;

/** Nodes that ask a model, and the nodes that show what the models answered. */
export const aiKinds = {
  ai_image: defineNodeKind({
    kind: 'ai_image',
    name: 'AI image',
    description: 'Fills its prompt template and asks an image model for a picture.',
    icon: 'pi pi-image',
    color: '#a855f7',
    category: 'ai',
    flags: { templateInputs: true, model: 'image' },
    inputs: [{ name: 'prompt', label: 'Prompt', type: 'text' }],
    outputs: [{ name: 'image', label: 'Image', type: 'image' }],
    params: {
      model: { type: 'model', label: 'Model' },
      template: {
        type: 'text',
        label: 'Prompt template',
        required: true,
        default: '{{prompt}}',
      },
      size: {
        type: 'select',
        label: 'Size',
        default: '1024x1024',
        options: [
          { value: '256x256', label: '256 × 256' },
          { value: '512x512', label: '512 × 512' },
          { value: '1024x1024', label: '1024 × 1024' },
        ],
      },
      timeoutSeconds: timeLimit,
    },
    summary: (p) => [p.model ?? 'no model chosen', p.size],
  }),
  ai_output: defineNodeKind({
    kind: 'ai_output',
    name: 'AI output',
    description: 'Shows and returns the text it receives.',
    icon: 'pi pi-comment',
    color: '#f59e0b',
    category: 'output',
    flags: { terminal: true },
    inputs: [{ name: 'text', label: 'Text', type: 'text' }],
    params: { name: { type: 'string', label: 'Name', initial: 'output' } },
    summary: (p) => [p.name],
  }),
  ai_image_output: defineNodeKind({
    kind: 'ai_image_output',
    name: 'AI image output',
    description: 'Shows and returns the image it receives.',
    icon: 'pi pi-eye',
    color: '#ec4899',
    category: 'output',
    flags: { terminal: true },
    inputs: [{ name: 'image', label: 'Image', type: 'image' }],
    params: { name: { type: 'string', label: 'Name', initial: 'image' } },
    summary: (p) => [p.name],
  }),
  ai_processor: defineNodeKind({
    kind: 'ai_processor',
    name: 'AI processor',
    description: 'Fills its prompt template from its inputs and asks a model or a custom AI.',
    icon: 'pi pi-microchip-ai',
    color: '#6366f1',
    category: 'ai',
    flags: { streams: true, templateInputs: true, model: 'text' },
    inputs: [{ name: 'input', label: 'Input', type: 'text' }],
    outputs: [{ name: 'text', label: 'Text', type: 'text' }],
    params: {
      model: { type: 'model', label: 'Model' },
      customAiId: {
        type: 'custom_ai',
        label: 'Custom AI',
        description: 'Use a custom AI instead of a bare model.',
      },
      systemPrompt: { type: 'text', label: 'System prompt' },
      template: {
        type: 'text',
        label: 'Prompt template',
        required: true,
        default: '{{input}}',
        description: 'Use {{name}} to insert an input.',
      },
      // Left blank on a new node, so that a custom AI's own settings apply until the user sets one.
      temperature: {
        type: 'number',
        label: 'Temperature',
        description: "Leave blank to use the custom AI's temperature, or the model's own.",
        min: 0,
        max: 2,
      },
      maxTokens: {
        type: 'number',
        label: 'Max tokens',
        description: "Leave blank to use the custom AI's limit, or the model's own.",
        min: 1,
        max: 200_000,
      },
      timeoutSeconds: timeLimit,
    },
    summary: (p) => [p.customAiId ? 'custom AI' : (p.model ?? 'no model chosen'), p.template],
  }),
};
