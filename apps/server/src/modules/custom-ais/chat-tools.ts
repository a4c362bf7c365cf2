import { tool, type ToolSet } from 'ai';
import { planWorkflow, workflowInputs } from '@flowsmith/engine';
import type { TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import type { TRunJobs } from '../../plugins/run-jobs';
import { loadGraph } from '../canvas/canvas.service';
import { startRun } from '../runs/runs.service';
import { toolSlug, workflowInputsSchema } from '../runs/workflow-arguments';
import { linkedGroups } from './custom-ais.repo';

const TOOL_WAIT_MS = 5 * 60_000;

type TToolDeps = { db: TDb; jobs: TRunJobs };

/**
 * The custom AI's linked workflows as tools: each tool's parameters are its group's input nodes,
 * and a call runs the group as a real run (kept in the run history) and answers with its outputs.
 */
export async function workflowTools(
  deps: TToolDeps,
  user: TUser,
  customAiId: string,
  projectId: string,
): Promise<ToolSet> {
  const groups = await linkedGroups(deps.db, customAiId, projectId);
  if (groups.length === 0) return {};
  const graph = await loadGraph(deps.db, projectId);
  const tools: ToolSet = {};
  for (const group of groups) {
    const workflow = planWorkflow(graph.nodes, graph.connections, { groupNodeId: group.nodeId });
    let name = `run_${toolSlug(group.name)}`;
    for (let n = 2; name in tools; n++) name = `run_${toolSlug(group.name)}_${n}`;
    const about =
      typeof group.settings.description === 'string' ? ` ${group.settings.description}` : '';
    tools[name] = tool({
      description: `Runs the workflow "${group.name}" and returns its outputs.${about}`,
      inputSchema: workflowInputsSchema(workflowInputs(workflow)),
      execute: async (inputs) => {
        const run = await startRun(
          deps.db,
          deps.jobs.queue,
          user,
          projectId,
          { nodeGroupId: group.id },
          inputs as Record<string, unknown>,
        );
        const finished = await deps.jobs.executor.waitFor(run.id, TOOL_WAIT_MS);
        return {
          runId: run.id,
          status: finished?.status ?? 'running',
          outputs: finished?.outputs ?? {},
          error: finished?.error ?? null,
        };
      },
    });
  }
  return tools;
}
