import { nodeKindOf, customAiSchemas, customAiToNodeGroupSchemas } from '@flowsmith/shared';
import { eq } from 'drizzle-orm';
import { customAis, customAiToNodeGroups, nodeGroups, nodes } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { checkChosenServers } from '../mcp/mcp-servers.service';
import { checkModelChoice } from '../models/model-choice';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TResourceDefinition } from '../resources/resource.types';

export const customAisResource: TResourceDefinition = {
  name: 'custom_ais',
  table: customAis,
  scope: { kind: 'project' },
  schemas: customAiSchemas,
  columns: columnsOf(customAis, 'id', 'projectId', 'name', 'model', 'createdAt', 'updatedAt'),
  defaultSort: 'name',
  searchColumns: [customAis.name, customAis.description],
  toApi: apiRow,
  async validate(candidate, { db, user }, existing) {
    if (candidate.model !== existing?.model)
      await checkModelChoice(db, user, 'model', candidate.model);
    await checkChosenServers(
      db,
      user,
      (candidate.mcpServerIds as string[] | undefined) ?? [],
      (existing?.mcpServerIds as string[] | undefined) ?? [],
    );
  },
};

export const customAiToNodeGroupsResource: TResourceDefinition = {
  name: 'custom_ai_to_node_groups',
  table: customAiToNodeGroups,
  scope: {
    kind: 'project',
    parent: {
      field: 'customAiId',
      table: customAis,
      label: 'Custom AI',
    },
  },
  schemas: customAiToNodeGroupSchemas,
  columns: columnsOf(
    customAiToNodeGroups,
    'id',
    'projectId',
    'customAiId',
    'nodeGroupId',
    'createdAt',
  ),
  defaultSort: 'createdAt',
  toApi: apiRow,
  /** Only a runnable group of the custom AI's own project can become one of its tools. */
  async validate(candidate, { db }) {
    const [group] = await db
      .select({ projectId: nodeGroups.projectId, type: nodes.type })
      .from(nodeGroups)
      .innerJoin(nodes, eq(nodes.id, nodeGroups.nodeId))
      .where(eq(nodeGroups.id, candidate.nodeGroupId as string));
    if (!group || group.projectId !== candidate.projectId) {
      throw AppError.validation('nodeGroupId', 'No such group in this project');
    }
    if (!nodeKindOf(group.type)?.flags.runnable) {
      throw AppError.validation(
        'nodeGroupId',
        'Only an AI group, an AI image group or a UI group can be linked',
      );
    }
  },
};
