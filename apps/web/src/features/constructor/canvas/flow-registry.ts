import type { EdgeTypes, NodeTypes } from '@xyflow/react';
import { nodeCatalog, nodeKinds } from '@flowsmith/shared';
import { EDGE_TYPE } from '../core/flow-types';
import { ButtonEdge } from './button-edge';
import { GroupNode } from './group-node';
import { WorkflowNode } from './workflow-node';

/**
 * One view per kind, made once at module load: React Flow re-mounts every node when these
 * objects change identity.
 * A kind unknown to this build falls back to React Flow's default node.
 */
export const nodeTypes: NodeTypes = Object.fromEntries(
  nodeKinds.map((kind) => [kind, nodeCatalog[kind].flags.group ? GroupNode : WorkflowNode]),
);

export const edgeTypes: EdgeTypes = { [EDGE_TYPE]: ButtonEdge };
