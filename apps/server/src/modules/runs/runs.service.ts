import { randomUUID } from 'node:crypto';
import { planWorkflow, workflowInputs, type TRunTarget } from '@flowsmith/engine';
import { nodeKindOf, type TRun, type TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { nodes, runs } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import { checkModelQuota, checkQuotaState, monthStart } from '../billing/quotas';
import { nodeInProject } from '../canvas/canvas.repo';
import { loadGraph } from '../canvas/canvas.service';
import { customAiInProject } from '../custom-ais/custom-ais.repo';
import { projectAccess } from '../projects/project-access';
import { apiRow } from '../resources/api-row';
import type { TDbRow } from '../resources/resource.types';
import { findRow } from '../resources/resources.repo';
import type { TRunQueue } from './run-queue';
import { storeRun } from './run-store';
import * as repo from './runs.repo';

// How long `custom_ais/handle` waits for its run before answering with the run as it stands.
const HANDLE_WAIT_MS = 10 * 60_000;

type TRunTargetIds = { nodeGroupId?: string | null; nodeId?: string | null };

const runToApi = (row: repo.TRunRow) => apiRow(row as unknown as TDbRow) as TRun;

function runnableGroup(group: { nodeId: string; type: string }): TRunTarget {
  if (!nodeKindOf(group.type)?.flags.runnable)
    throw AppError.validation(
      'nodeGroupId',
      'Only an AI group, an AI image group or a UI group can be run',
    );
  return { groupNodeId: group.nodeId };
}

/** Checks what a run would execute: a runnable group or a node of the project, or everything. */
async function checkTarget(db: TDb, projectId: string, target: TRunTargetIds): Promise<TRunTarget> {
  if (target.nodeGroupId && target.nodeId)
    throw AppError.validation('nodeId', 'Give a group or a node, not both');
  if (target.nodeGroupId) {
    const group = await repo.groupInProject(db, target.nodeGroupId, projectId);
    if (!group) throw AppError.validation('nodeGroupId', 'No such group in this project');
    return runnableGroup(group);
  }
  if (target.nodeId) {
    const node = await nodeInProject(db, target.nodeId, projectId);
    if (!node) throw AppError.validation('nodeId', 'No such node in this project');
    return { nodeId: node.id };
  }
  return { all: true };
}

/**
 * Stores a run for an editor of the project and hands it to the queue in the same transaction;
 * a workflow never runs inline. What routes and chat tools start runs with.
 */
export async function startRun(
  db: TDb,
  queue: TRunQueue,
  user: TUser,
  projectId: string,
  target: TRunTargetIds,
  inputs: Record<string, unknown>,
  customAiId: string | null = null,
) {
  const now = new Date();
  const group =
    target.nodeGroupId && !target.nodeId
      ? await repo.groupWithRole(db, target.nodeGroupId, user.id, quotaPeriod(now))
      : undefined;
  if (group?.role && group.projectId === projectId) {
    // The caller edits the project and the target is a group of it: read in one statement with
    // the caller's role and the project's quota, whose answer is used once access is granted.
    projectAccess.check(group.role, 'editor', () => new AppError('not_found', 'Project not found'));
    runnableGroup(group);
    await checkQuotaState(db, projectId, group.quota, now);
  } else {
    // Anything else (another project's group, a non-member, a node) takes the separate checks,
    // which tell which one failed; the quota is read meanwhile: one wait, not two.
    const quota = checkModelQuota(db, projectId, now);
    quota.catch(() => undefined);
    await projectAccess.require(db, user, projectId, 'editor', 'projectId');
    await checkTarget(db, projectId, target);
    await quota;
  }
  return storeStartedRun(db, queue, user, { projectId, target, inputs, customAiId });
}

/** What `groupWithRole` reads a project's quota for: the month of `now`, at `now`. */
const quotaPeriod = (now: Date) => ({ periodStart: monthStart(now), now });

/**
 * `startRun` for an editor of the project, known as such already, its target and the model
 * quota checked (see `storeRun`).
 */
function storeStartedRun(
  db: TDb,
  queue: TRunQueue,
  user: TUser,
  request: {
    projectId: string;
    target: TRunTargetIds;
    inputs: Record<string, unknown>;
    customAiId: string | null;
  },
) {
  const { projectId, target, inputs, customAiId } = request;
  return storeRun(
    db,
    queue,
    {
      id: randomUUID(),
      projectId,
      userId: user.id,
      nodeGroupId: target.nodeGroupId ?? null,
      nodeId: target.nodeId ?? null,
      customAiId,
      inputs,
    },
    { canvas: true },
  );
}

export async function createRun(
  db: TDb,
  queue: TRunQueue,
  user: TUser,
  {
    projectId,
    inputs,
    ...target
  }: TRunTargetIds & { projectId: string; inputs: Record<string, unknown> },
) {
  return { run: runToApi(await startRun(db, queue, user, projectId, target, inputs)) };
}

const visibleRun = (db: TDb, user: TUser, id: string, needed: 'viewer' | 'editor') =>
  projectAccess.row(db, user, runs, id, needed, () => new AppError('not_found', 'Run not found'));

/** Stops a running run or cancels a queued one; editors only. */
export async function cancelRun(db: TDb, jobs: TRunJobs, user: TUser, id: string) {
  const run = await visibleRun(db, user, id, 'editor');
  if (!(await jobs.executor.cancel(run.id)))
    throw new AppError('conflict', 'This run has already finished');
  return { run: runToApi((await findRow(db, runs, run.id))!) };
}

export async function runNodeStates(db: TDb, user: TUser, id: string) {
  const run = await visibleRun(db, user, id, 'viewer');
  const rows = await repo.nodeStates(db, run.id);
  return {
    items: rows.map((row) => ({
      nodeId: row.nodeId,
      status: row.status,
      output: row.output ?? null,
      error: row.error,
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
  };
}

/** The stored progress events after `after`, for a client catching up. */
export async function runEvents(
  db: TDb,
  user: TUser,
  id: string,
  { after, limit }: { after: number; limit: number },
) {
  const run = await visibleRun(db, user, id, 'viewer');
  return { items: await repo.eventsAfter(db, run.id, after, limit) };
}

export function canFollowRun(db: TDb, user: TUser, id: string) {
  return projectAccess.canRead(db, user.id, runs, id);
}

/** The inputs a run of a target asks for, to build the run dialog. */
export async function runInputs(
  db: TDb,
  user: TUser,
  { projectId, ...target }: TRunTargetIds & { projectId: string },
) {
  await projectAccess.require(db, user, projectId, 'viewer', 'projectId');
  const graph = await loadGraph(db, projectId);
  const workflow = planWorkflow(
    graph.nodes,
    graph.connections,
    await checkTarget(db, projectId, target),
  );
  return { items: workflowInputs(workflow) };
}

/** Runs a node or a group (as a custom AI, if given), waits, and answers with its outputs. */
export async function handle(
  db: TDb,
  jobs: TRunJobs,
  user: TUser,
  request: {
    nodeId?: string;
    nodeGroupId?: string;
    customAiId?: string;
    inputs: Record<string, unknown>;
  },
) {
  const { nodeId, nodeGroupId, customAiId, inputs } = request;
  // Running needs an editor: a viewer gets the same 403 as from POST /api/runs. The node or
  // group read here is in its project, so the run's target needs no second look. A group comes
  // with its project's quota; a node's project has it read on its own.
  const now = new Date();
  let projectId: string;
  let checkQuota: () => Promise<void>;
  if (nodeId) {
    ({ projectId } = await projectAccess.row(db, user, nodes, nodeId, 'editor', () =>
      notFound('Node', 'nodeId'),
    ));
    checkQuota = () => checkModelQuota(db, projectId, now);
  } else {
    const group = await repo.groupWithRole(db, nodeGroupId!, user.id, quotaPeriod(now));
    projectAccess.check(group?.role ?? undefined, 'editor', () => notFound('Group', 'nodeGroupId'));
    runnableGroup(group!);
    projectId = group!.projectId;
    checkQuota = () => checkQuotaState(db, projectId, group!.quota, now);
  }
  if (customAiId && !(await customAiInProject(db, customAiId, projectId)))
    throw AppError.validation('customAiId', 'No such custom AI in this project');
  const target = { nodeId: nodeId ?? null, nodeGroupId: nodeGroupId ?? null };
  await checkQuota();
  const run = await storeStartedRun(db, jobs.queue, user, {
    projectId,
    target,
    inputs,
    customAiId: customAiId ?? null,
  });
  const finished = (await jobs.executor.waitFor(run.id, HANDLE_WAIT_MS, run))!;
  return {
    runId: run.id,
    status: finished.status,
    outputs: finished.outputs,
    error: finished.error,
  };
}

function notFound(what: string, field: string) {
  return new AppError('not_found', `${what} not found`, [{ field, message: 'Not found' }]);
}
