import {
  ZNodeHandle,
  ZNodeHandleCreate,
  ZNodeHandleListQuery,
  ZNodeHandleUpdate,
  areIoTypesCompatible,
} from '@flowsmith/shared';
import { and, eq } from 'drizzle-orm';
import { nodeConnections, nodeInputs, nodeOutputs, nodes } from '../../db/schema/index';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import { publishChange, publishNodes } from './canvas-changes';
import type { TResourceDefinition } from '../resources/resource.types';
import { invalid } from './canvas-rules';

/** node_inputs and node_outputs: the named, typed handles of a node. */
function handleResource(side: 'input' | 'output'): TResourceDefinition {
  const table = side === 'input' ? nodeInputs : nodeOutputs;
  const other = side === 'input' ? nodeOutputs : nodeInputs;
  return {
    name: side === 'input' ? 'node_inputs' : 'node_outputs',
    table,
    scope: {
      kind: 'project',
      parent: {
        field: 'nodeId',
        table: nodes,
        label: 'Node',
      },
    },
    schemas: {
      row: ZNodeHandle,
      create: ZNodeHandleCreate,
      update: ZNodeHandleUpdate,
      listQuery: ZNodeHandleListQuery,
    },
    columns: columnsOf(table, 'id', 'projectId', 'nodeId', 'name', 'createdAt'),
    defaultSort: 'createdAt',
    toApi: apiRow,
    /** Publishes the node with its handles and connections (a rename renames connections). */
    async afterWrite(kind, row, ctx) {
      const projectId = row.projectId as string;
      if (kind !== 'remove')
        return publishNodes(ctx.db, ctx.user, projectId, [row.nodeId as string]);
      await publishChange(ctx, projectId, {
        remove: side === 'input' ? { inputs: [row.id] } : { outputs: [row.id] },
      });
    },
    /** Changing a handle's type must keep its connections compatible. */
    async validate(candidate, { db }, existing) {
      if (!existing || candidate.type === existing.type) return;
      const [thisNode, thisHandle, otherNode, otherHandle] =
        side === 'input'
          ? ([
              nodeConnections.target,
              nodeConnections.targetHandle,
              nodeConnections.source,
              nodeConnections.sourceHandle,
            ] as const)
          : ([
              nodeConnections.source,
              nodeConnections.sourceHandle,
              nodeConnections.target,
              nodeConnections.targetHandle,
            ] as const);
      const linked = await db
        .select({ type: other.type })
        .from(nodeConnections)
        .innerJoin(other, and(eq(other.nodeId, otherNode), eq(other.name, otherHandle)))
        .where(
          and(eq(thisNode, existing.nodeId as string), eq(thisHandle, existing.name as string)),
        );
      const type = candidate.type as string;
      const clash = linked.find((l) =>
        side === 'input'
          ? !areIoTypesCompatible(l.type, type)
          : !areIoTypesCompatible(type, l.type),
      );
      if (clash)
        throw invalid(
          'type',
          `It is connected to a ${clash.type} ${side === 'input' ? 'output' : 'input'}`,
        );
    },
  };
}

export const nodeInputsResource = handleResource('input');
export const nodeOutputsResource = handleResource('output');
