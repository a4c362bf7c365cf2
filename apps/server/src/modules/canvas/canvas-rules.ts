import { connectionProblem, nodeKindOf } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { inputOf, nodeInProject, outputOf, parentOf } from './canvas.repo';

export const invalid = (field: string, message: string) => AppError.validation(field, message);

/** A parent must be a group node of the same project, and no node may end up inside itself. */
export async function checkParent(
  db: TDb,
  projectId: string,
  nodeId: string | undefined,
  parentId: string,
) {
  if (parentId === nodeId) throw invalid('parentId', 'A node cannot be its own parent');
  const parent = await nodeInProject(db, parentId, projectId);
  if (!parent) throw invalid('parentId', 'No such node in this project');
  if (!nodeKindOf(parent.type)?.flags.group)
    throw invalid('parentId', 'The parent must be a group node');
  let ancestor: string | null = parent.parentId;
  for (let depth = 0; ancestor && depth < 100; depth++) {
    if (ancestor === nodeId) throw invalid('parentId', 'A group cannot be placed inside itself');
    ancestor = await parentOf(db, ancestor);
  }
}

type TConnectionEnds = {
  projectId: string;
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
};

/** A connection joins an output of one node to a compatible input of another in its project. */
export async function checkConnection(db: TDb, c: TConnectionEnds): Promise<void> {
  const [source, target] = await Promise.all([
    nodeInProject(db, c.source, c.projectId),
    nodeInProject(db, c.target, c.projectId),
  ]);
  if (!source) throw invalid('source', 'No such node in this project');
  if (!target) throw invalid('target', 'No such node in this project');
  const [output, input] = await Promise.all([
    outputOf(db, c.source, c.sourceHandle),
    inputOf(db, c.target, c.targetHandle),
  ]);
  const problem = connectionProblem({
    ...c,
    output,
    input,
    sourceName: 'The source node',
    targetName: 'The target node',
  });
  if (problem) throw invalid(problem.field, problem.message);
}
