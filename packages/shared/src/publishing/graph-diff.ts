import type { TGraphDocument, TGraphDocumentNode } from '../graph/graph-document';
import type { TDiffNode, TGraphDiff } from './publishing.schemas';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const brief = (node: TGraphDocumentNode): TDiffNode => ({
  id: node.id,
  type: node.type,
  title: node.data.title,
});
const handles = (list: TGraphDocumentNode['inputs']) =>
  list.map((h) => `${h.name}:${h.type}`).sort();

/** The fields of a node that differ between two documents; moves and sizes are not changes. */
function changedFields(before: TGraphDocumentNode, after: TGraphDocumentNode): string[] {
  const fields: string[] = [];
  if (before.data.title !== after.data.title) fields.push('title');
  const keys = new Set([...Object.keys(before.data.params), ...Object.keys(after.data.params)]);
  for (const key of [...keys].sort())
    if (!same(before.data.params[key], after.data.params[key])) fields.push(`params.${key}`);
  if (before.parentId !== after.parentId) fields.push('parent');
  if (!same(handles(before.inputs), handles(after.inputs))) fields.push('inputs');
  if (!same(handles(before.outputs), handles(after.outputs))) fields.push('outputs');
  if (!same(before.group, after.group)) fields.push('group');
  return fields;
}

/** How `after` (the draft) differs from `before` (a version), node by node and edge by edge. */
export function diffGraphs(before: TGraphDocument, after: TGraphDocument): TGraphDiff {
  const beforeNodes = new Map(before.nodes.map((node) => [node.id, node]));
  const afterNodes = new Map(after.nodes.map((node) => [node.id, node]));
  const edgeKey = (e: TGraphDocument['edges'][number]) =>
    `${e.source}\u0000${e.sourceHandle}\u0000${e.target}\u0000${e.targetHandle}`;
  const beforeEdges = new Set(before.edges.map(edgeKey));
  const afterEdges = new Set(after.edges.map(edgeKey));
  const edge = ({
    id,
    source,
    sourceHandle,
    target,
    targetHandle,
  }: TGraphDocument['edges'][number]) => ({
    id,
    source,
    sourceHandle,
    target,
    targetHandle,
  });
  return {
    nodes: {
      added: after.nodes.filter((node) => !beforeNodes.has(node.id)).map(brief),
      removed: before.nodes.filter((node) => !afterNodes.has(node.id)).map(brief),
      changed: after.nodes.flatMap((node) => {
        const old = beforeNodes.get(node.id);
        const fields = old ? changedFields(old, node) : [];
        return fields.length ? [{ ...brief(node), fields }] : [];
      }),
    },
    connections: {
      added: after.edges.filter((e) => !beforeEdges.has(edgeKey(e))).map(edge),
      removed: before.edges.filter((e) => !afterEdges.has(edgeKey(e))).map(edge),
    },
  };
}
