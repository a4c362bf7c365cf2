import {
  inputValueTypeOf,
  nodeCatalog,
  parseInputValue,
  type TInputValueType,
} from '@flowsmith/shared';
import type { TEngineNode, TNodeImplementation } from '../run/run-types';
import type { TEngineServices } from './engine-services';

// Entry and output kinds share these params by name; other kinds simply have none of them.
const sharedParams = (node: TEngineNode): Readonly<Record<string, unknown>> => node.params;

/** How runs, tools and outputs refer to a node: its `name` param, or else its id. */
export function nameOf(node: TEngineNode): string {
  const name = sharedParams(node).name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : node.id;
}

/** What a run asks of an entry node. */
export type TEntryInput = {
  nodeId: string;
  name: string;
  /** What people see: the name, or the node's title where the name is only its id. */
  label: string;
  kind: TEngineNode['kind'];
  valueType: TInputValueType;
  defaultValue: unknown;
  description: string;
};

/**
 * An entry node's input: named by `name`, typed by `valueType` (text without one), defaulting
 * to `defaultValue`, described by `description` or else by `label`.
 */
export function entryInputOf(node: TEngineNode): TEntryInput {
  const params = sharedParams(node);
  const name = nameOf(node);
  return {
    nodeId: node.id,
    name,
    label: name === node.id ? node.title.trim() || nodeCatalog[node.kind].name : name,
    kind: node.kind,
    valueType: inputValueTypeOf(params.valueType),
    defaultValue: params.defaultValue ?? null,
    description:
      typeof params.description === 'string' ? params.description : String(params.label ?? ''),
  };
}

/**
 * Entry nodes (input, UI field, UI chat): their value is given when the run starts, under their
 * name or their id, or falls back to the node's default value.
 */
function entryNode(outputHandle: string): TNodeImplementation<TEngineServices> {
  return {
    async run({ node, runInputs }) {
      const input = entryInputOf(node);
      const key = [input.name, node.id].find((name) => Object.hasOwn(runInputs, name));
      const value = (key === undefined ? undefined : runInputs[key]) ?? input.defaultValue;
      if (value === undefined || value === null)
        throw new Error(`No value was given for "${input.name}"`);
      const parsed = parseInputValue(input.valueType, value);
      if (!parsed.ok) throw new Error(`Input "${input.name}" ${parsed.problem}`);
      return { [outputHandle]: parsed.value };
    },
  };
}

export const inputNode = entryNode('value');
export const uiNode = entryNode('value');
export const uiChatNode = entryNode('message');

/** Terminal nodes hand on what they receive: it becomes part of the run's outputs. */
export const aiOutputNode: TNodeImplementation<TEngineServices, 'ai_output'> = {
  async run({ inputs }) {
    const text = inputs.text;
    return {
      text: typeof text === 'string' ? text : text === undefined ? '' : JSON.stringify(text),
    };
  },
};

export const aiImageOutputNode: TNodeImplementation<TEngineServices, 'ai_image_output'> = {
  async run({ inputs }) {
    if (!inputs.image) throw new Error('No image arrived');
    return { image: inputs.image };
  },
};
