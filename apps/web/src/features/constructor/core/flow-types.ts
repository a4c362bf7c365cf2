import type { Edge, Node } from '@xyflow/react';
import type { TFieldVersions, TNodeHandle } from '@flowsmith/shared';

/** What a canvas node renders: everything comes in `data`, so memoised nodes need no store. */
export type TFlowNodeData = {
  kind: string;
  title: string;
  params: Record<string, unknown>;
  inputs: TNodeHandle[];
  outputs: TNodeHandle[];
  /** The stored versions of the node's fields this canvas last saw (see ZFieldVersions). */
  versions: TFieldVersions;
};
export type TFlowNode = Node<TFlowNodeData>;

/** `kind` is the connection's stored `type`; the React Flow edge type is always our button edge. */
export type TFlowEdgeData = {
  label: string;
  kind: string;
  /** The stored versions of the connection's fields this canvas last saw. */
  versions: TFieldVersions;
};
export type TFlowEdge = Edge<TFlowEdgeData>;

/** One node's place: what the layout endpoint saves and what undo of a move restores. */
export type TLayoutItem = {
  id: string;
  position: { x: number; y: number };
  parentId: string | null;
  width?: number | null;
  height?: number | null;
};

export const EDGE_TYPE = 'button';
export const DEFAULT_GROUP_SIZE = { width: 420, height: 280 };
/** The smallest frame of a group, by hand or by auto-layout. */
export const GROUP_MIN_SIZE = { width: 200, height: 120 };
