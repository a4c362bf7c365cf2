import { aiKinds } from './ai-kinds';
import { groupKinds as groups } from './group-kinds';
import type { TNodeKindDefinition } from './node-kind';
import { valueKinds } from './value-kinds';

/**
 * Every node kind of the canvas, in palette order. Behaviour comes only from here: the
 * `node_types` rows are generated from it, and an administrator may reword their texts only.
 */
export const nodeCatalog = {
  ...groups,
  database: valueKinds.database,
  ai_image: aiKinds.ai_image,
  ai_output: aiKinds.ai_output,
  ai_image_output: aiKinds.ai_image_output,
  ai_processor: aiKinds.ai_processor,
  blank: valueKinds.blank,
  ui: valueKinds.ui,
  ui_chat: valueKinds.ui_chat,
  input: valueKinds.input,
  request_storage: valueKinds.request_storage,
};

export type TNodeKind = keyof typeof nodeCatalog;
export type TNodeParams<K extends TNodeKind> = ReturnType<(typeof nodeCatalog)[K]['parseParams']>;
/** A kind with its typed params, telling the kinds apart by `kind`. */
export type TKindParams = { [K in TNodeKind]: { kind: K; params: TNodeParams<K> } }[TNodeKind];

const definitions: readonly TNodeKindDefinition<TNodeKind>[] = Object.values(nodeCatalog);

export const nodeKinds: readonly TNodeKind[] = definitions.map((definition) => definition.kind);

/** The definition of a kind by its stored name; nothing for a kind this build does not have. */
export function nodeKindOf(kind: string): TNodeKindDefinition<TNodeKind> | undefined {
  return Object.hasOwn(nodeCatalog, kind) ? nodeCatalog[kind as TNodeKind] : undefined;
}

/** Stored params of a node of a kind, read into that kind's typed params. */
export function readNodeParams(kind: TNodeKind, raw: unknown): TKindParams {
  return { kind, params: nodeCatalog[kind].parseParams(raw) } as TKindParams;
}

/** The template whose `{{variables}}` are a node's inputs; null for kinds without one. */
export function templateOf(kind: string, raw: unknown): string | null {
  const definition = nodeKindOf(kind);
  if (!definition?.flags.templateInputs) return null;
  const { template } = definition.parseParams(raw);
  return typeof template === 'string' ? template : null;
}

export const groupKinds = nodeKinds.filter((kind) => nodeCatalog[kind].flags.group);
export const runnableGroupKinds = groupKinds.filter((kind) => nodeCatalog[kind].flags.runnable);
