import type { TNodeContext, TNodeImplementation } from '../run/run-types';
import type { TEngineServices } from './engine-services';

/** The name a run's inputs use for an entry node: its `name` param, or its id. */
export function inputNameOf(node: { id: string; params: Record<string, unknown> }): string {
  const name = node.params.name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : node.id;
}

function coerce(value: unknown, type: unknown, name: string): unknown {
  if (type === 'number') {
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (String(value).trim() === '' || !Number.isFinite(number))
      throw new Error(`Input "${name}" must be a number`);
    return number;
  }
  if (type === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      throw new Error(`Input "${name}" must be valid JSON`);
    }
  }
  return value;
}

/**
 * Entry nodes (input, UI field, UI chat): their value is given when the run starts, or falls
 * back to the node's default value.
 */
function entryNode(outputHandle: string): TNodeImplementation<TEngineServices> {
  return {
    async run({ node, runInputs }: TNodeContext<TEngineServices>) {
      const name = inputNameOf(node);
      const given = name in runInputs ? runInputs[name] : runInputs[node.id];
      const fallback = node.params.defaultValue;
      const value = given ?? (fallback === undefined || fallback === '' ? undefined : fallback);
      if (value === undefined || value === null)
        throw new Error(`No value was given for "${name}"`);
      return { [outputHandle]: coerce(value, node.params.valueType, name) };
    },
  };
}

export const inputNode = entryNode('value');
export const uiNode = entryNode('value');
export const uiChatNode = entryNode('message');

/** Terminal nodes hand on what they receive: it becomes part of the run's outputs. */
export const aiOutputNode: TNodeImplementation<TEngineServices> = {
  async run({ inputs }) {
    const text = inputs.text;
    return {
      text: typeof text === 'string' ? text : text === undefined ? '' : JSON.stringify(text),
    };
  },
};

export const aiImageOutputNode: TNodeImplementation<TEngineServices> = {
  async run({ inputs }) {
    if (!inputs.image) throw new Error('No image arrived');
    return { image: inputs.image };
  },
};
