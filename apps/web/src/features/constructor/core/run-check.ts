import type { TParamMeta } from '@flowsmith/shared';
import type { TFlowNode } from './flow-types';
import { initialParamValues, validateParams } from './param-form';

/** What the check needs of a node kind: its params, and whether it runs at all. */
export type TCheckedKind = { params: readonly TParamMeta[]; runs: boolean };

/** A kind as the check sees it: groups and notes do not run. */
export const checkedKind = (
  definition:
    { params: readonly TParamMeta[]; flags: { group: boolean; note: boolean } } | undefined,
): TCheckedKind | undefined =>
  definition && {
    params: definition.params,
    runs: !definition.flags.group && !definition.flags.note,
  };

/** A node a run would fail on before it gets going, and why. */
export type TNodeAttention = { nodeId: string; title: string; problems: string[] };

/** The settings a run needs that a node leaves blank or invalid, for each node that would run. */
export function nodesNeedingAttention(
  nodes: readonly TFlowNode[],
  kindOf: (kind: string) => TCheckedKind | undefined,
): TNodeAttention[] {
  return nodes.flatMap((node) => {
    const kind = kindOf(node.data.kind);
    if (!kind?.runs) return [];
    const values = initialParamValues(kind.params, node.data.params);
    const problems = Object.values(validateParams(kind.params, values));
    return problems.length ? [{ nodeId: node.id, title: node.data.title, problems }] : [];
  });
}

/** The group nodes a node sits in, nearest first. */
export function ancestorsOf(nodeId: string, nodes: readonly TFlowNode[]): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const chain: string[] = [];
  for (let at = byId.get(nodeId)?.parentId; at && !chain.includes(at);) {
    chain.push(at);
    at = byId.get(at)?.parentId;
  }
  return chain;
}
