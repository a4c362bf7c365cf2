import { randomUUID } from 'node:crypto';
import {
  planWorkflow,
  workflowInputs,
  workflowOutputs,
  type TEntryInput,
  type TWorkflowOutput,
} from '@flowsmith/engine';
import {
  parseInputValue,
  type TAppAccess,
  type TFieldError,
  type TGraphDocument,
} from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { checkModelQuota } from '../billing/quotas';
import type { TRunQueue } from '../runs/run-queue';
import { storeRun } from '../runs/run-store';
import * as repo from './publishing.repo';

/** A group's published version, as every outside caller runs it. */
export type TPublishedGroup = {
  groupId: string;
  projectId: string;
  name: string;
  kind: string;
  /** The group's node: the root of `graph`. */
  groupNodeId: string;
  version: { id: string; number: number };
  publication: { slug: string; access: TAppAccess; allowedOrigins: string[] };
  /** The frozen workflow file of the group's node and everything inside it. */
  graph: TGraphDocument;
  /** The values a run asks for (by `name`), and what it returns (by `name`). */
  inputs: TEntryInput[];
  outputs: TWorkflowOutput[];
};

/** The workflow a run of a frozen group executes. */
export const planVersion = (graph: TGraphDocument, customAiId: string | null = null) =>
  planWorkflow(graph.nodes, graph.edges, { groupNodeId: rootOf(graph) }, { customAiId });

/** The group node of a version's graph: the one node without a parent. */
function rootOf(graph: TGraphDocument): string {
  const root = graph.nodes.find((node) => !node.parentId);
  if (!root) throw new Error('A group version without its group node');
  return root.id;
}

/**
 * The published version of a group, or undefined when the group does not exist or is not
 * published. No access check: callers decide who may use it (API key, app access).
 */
export async function loadPublishedGroup(
  db: TDb,
  groupId: string,
): Promise<TPublishedGroup | undefined> {
  const group = await repo.groupWithKind(db, groupId);
  const publication = group && (await repo.publicationOf(db, groupId));
  if (!group || !publication) return undefined;
  const version = await repo.versionGraph(db, publication.versionId);
  if (!version) return undefined;
  const workflow = planVersion(version.graph);
  return {
    groupId: group.id,
    projectId: group.projectId,
    name: group.name,
    kind: group.type,
    groupNodeId: rootOf(version.graph),
    version: { id: version.id, number: version.number },
    publication: {
      slug: publication.slug,
      access: publication.access,
      allowedOrigins: publication.allowedOrigins,
    },
    graph: version.graph,
    inputs: workflowInputs(workflow),
    outputs: workflowOutputs(workflow),
  };
}

/** The published group whose app has this slug. */
export async function loadPublishedApp(db: TDb, slug: string) {
  const groupId = await repo.publicationBySlug(db, slug);
  return groupId ? loadPublishedGroup(db, groupId) : undefined;
}

/**
 * The inputs of a run of a published group, checked against what it asks for: a 400 names each
 * unknown input, each missing one (without a default) and each of the wrong type, under `field`.
 */
export function checkPublishedInputs(
  published: TPublishedGroup,
  inputs: Record<string, unknown>,
  field = 'inputs',
): Record<string, unknown> {
  const problems: TFieldError[] = [];
  const known = new Map(published.inputs.map((input) => [input.name, input]));
  for (const name of Object.keys(inputs))
    if (!known.has(name))
      problems.push({
        field: `${field}.${name}`,
        message: `Not an input of this workflow; it takes ${[...known.keys()].join(', ') || 'none'}`,
      });
  for (const input of published.inputs) {
    const value = Object.hasOwn(inputs, input.name) ? inputs[input.name] : undefined;
    if (value === undefined || value === null) {
      if (input.defaultValue === null || input.defaultValue === undefined)
        problems.push({ field: `${field}.${input.name}`, message: 'Required' });
      continue;
    }
    const parsed = parseInputValue(input.valueType, value);
    if (!parsed.ok) problems.push({ field: `${field}.${input.name}`, message: parsed.problem });
  }
  if (problems.length)
    throw new AppError('validation_error', 'The inputs do not match the workflow', problems);
  return inputs;
}

/**
 * Starts a run of a group's published version for `userId` (the caller, or for visitors of a
 * public app the project's owner), after checking the inputs and the owner's quota (see
 * `storeRun`). The run row.
 */
export async function startPublishedRun(
  db: TDb,
  queue: TRunQueue,
  published: TPublishedGroup,
  {
    userId,
    inputs,
    customAiId = null,
  }: { userId: string; inputs: Record<string, unknown>; customAiId?: string | null },
) {
  checkPublishedInputs(published, inputs);
  await checkModelQuota(db, published.projectId);
  return storeRun(db, queue, {
    id: randomUUID(),
    projectId: published.projectId,
    userId,
    nodeGroupId: published.groupId,
    groupVersionId: published.version.id,
    customAiId,
    inputs,
    // The frozen version's params: what this run executes, whatever the canvas holds now.
    paramsSnapshot: Object.fromEntries(
      published.graph.nodes.map((node) => [node.id, node.data.params]),
    ),
  });
}
