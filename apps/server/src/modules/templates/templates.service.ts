import {
  starterTemplateOf,
  type TStarterTemplate,
  type TTemplateApplied,
  type TTemplateApply,
  type TUser,
} from '@flowsmith/shared';
import { inTransaction, type TDb } from '../../db/database';
import { customAis, customAiToNodeGroups, nodeDatabases } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { importGraph } from '../canvas/graph-import';
import { insertValues } from '../databases/databases.repo';
import { createProject } from '../projects/projects.service';
import { projectAccess } from '../projects/project-access';
import { insertRow } from '../resources/resources.repo';
import { takenDatabaseNames } from './templates.repo';

/** `name`, or `name 2`, `name 3`… the first one not in `taken`. */
function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} ${n}`;
  taken.add(candidate);
  return candidate;
}

/** The template's databases, created in the project with their values; their ids by ref. */
async function createDatabases(tx: TDb, projectId: string, template: TStarterTemplate) {
  const ids = new Map<string, string>();
  const taken = await takenDatabaseNames(tx, projectId);
  for (const database of template.databases) {
    const row = await insertRow(tx, nodeDatabases, {
      projectId,
      name: freeName(database.name, taken),
      description: database.description,
    });
    ids.set(database.ref, row.id);
    if (database.values.length)
      await insertValues(
        tx,
        database.values.map((value) => ({ projectId, nodeDatabaseId: row.id, ...value })),
      );
  }
  return ids;
}

/** The template's graph with its database params pointing at the databases just created. */
function boundGraph(template: TStarterTemplate, databaseIds: Map<string, string>) {
  const bindings = new Map(template.databaseParams.map((b) => [`${b.node}\n${b.param}`, b]));
  return {
    ...template.graph,
    nodes: template.graph.nodes.map((node) => {
      const params = Object.fromEntries(
        Object.entries(node.data.params).map(([param, value]) => {
          const binding = bindings.get(`${node.id}\n${param}`);
          return [param, binding ? databaseIds.get(binding.database) : value];
        }),
      );
      return { ...node, data: { ...node.data, params } };
    }),
  };
}

/**
 * Starts from a starter template in one transaction: a new project named after it (or the
 * given project, for an editor), its databases, its canvas and its custom AI.
 */
export function applyTemplate(db: TDb, user: TUser, request: TTemplateApply) {
  const template = starterTemplateOf(request.templateId);
  if (!template) throw AppError.validation('templateId', 'No such template');
  return inTransaction(db, async (tx): Promise<TTemplateApplied> => {
    const projectId = request.projectId
      ? (await projectAccess.require(tx, user, request.projectId, 'editor', 'projectId'),
        request.projectId)
      : (await createProject(tx, user, { name: template.name, description: template.description }))
          .id;
    const databaseIds = await createDatabases(tx, projectId, template);
    const { graph, idMap } = await importGraph(tx, user, projectId, {
      graph: boundGraph(template, databaseIds),
      mode: 'copy',
      parentId: null,
      offset: { x: 0, y: 0 },
    });
    if (!template.customAi) return { projectId, customAiId: null };
    const { tools, ...settings } = template.customAi;
    const customAi = await insertRow(tx, customAis, {
      projectId,
      ...settings,
      model: 'echo',
    });
    for (const tool of tools) {
      const group = graph.groups.find((g) => g.nodeId === idMap[tool]);
      if (group)
        await insertRow(tx, customAiToNodeGroups, {
          projectId,
          customAiId: customAi.id,
          nodeGroupId: group.id,
        });
    }
    return { projectId, customAiId: customAi.id };
  });
}
