import type { TRun } from '@flowsmith/shared';
import { runsApi, type TRunTarget } from '../../../lib/queries/runs';
import { runFormFields } from '../core/run-form';
import {
  feedsOf,
  isFinished,
  newRunView,
  viewFromNodeStates,
  type TRunView,
} from '../core/run-state';
import { openDialog, useCanvasStore } from './canvas-store';
import { backToLive, setLiveRun, showPastRun, useRunStore } from './run-store';

/** Output nodes fed by each node, read from the canvas as it is when the run starts. */
function currentFeeds(): TRunView['feeds'] {
  const { nodes, edges } = useCanvasStore.getState();
  const kinds = new Map(nodes.map((node) => [node.id, node.data.kind]));
  return feedsOf(edges, (id) => kinds.get(id));
}

/** Starts a run and shows it live on the canvas. */
export async function startRun(
  projectId: string,
  target: TRunTarget,
  inputs: Record<string, unknown>,
) {
  const run = await runsApi.start({ projectId, nodeGroupId: target.nodeGroupId, inputs });
  setLiveRun(newRunView(run, currentFeeds()));
  return run;
}

/**
 * The Run action: asks for the target's input values in the run dialog, or starts at once
 * when it has none. Resolves with true when the run started right away.
 */
export async function requestRun(
  projectId: string,
  target: TRunTarget,
  label: string,
): Promise<boolean> {
  const fields = runFormFields((await runsApi.inputs(projectId, target)).items);
  if (fields.length) {
    openDialog({ kind: 'run', target, label, fields });
    return false;
  }
  await startRun(projectId, target, {});
  return true;
}

/** Asks the server to stop the live run; its cancelled state arrives with its events. */
export async function cancelLiveRun() {
  const live = useRunStore.getState().live;
  if (live && !isFinished(live.status)) await runsApi.cancel(live.runId);
}

/**
 * Shows a run on the canvas: a finished one as it ended (each node's stored state), one still
 * going live, followed like a run started here.
 */
export async function openRun(runId: string, signal?: AbortSignal) {
  const { live, past } = useRunStore.getState();
  if (past?.runId === runId) return;
  if (live?.runId === runId) return backToLive();
  const run = await runsApi.get(runId, signal);
  if (!isFinished(run.status)) {
    setLiveRun(newRunView(run, currentFeeds()));
    return;
  }
  showPastRun(await endedRunView(run, signal));
}

/** A finished run as it ended: each node's stored state. */
export async function endedRunView(run: TRun, signal?: AbortSignal) {
  const { items } = await runsApi.nodes(run.id, signal);
  return viewFromNodeStates(run, items);
}
