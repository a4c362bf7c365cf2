import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  nodeRegistry,
  planWorkflow,
  runOutputs,
  runWorkflow,
  type TRunTarget,
} from '@flowsmith/engine';
import type { TRunSettings } from '../../config/config';
import type { TDb } from '../../db/database';
import type { TRealtime } from '../../plugins/realtime';
import { loadGraph } from '../canvas/canvas.service';
import { createRunEventWriter } from './run-events';
import { createRunServices, type TRunServiceDeps } from './run-services';
import type { TRunQueue } from './run-queue';
import { runs } from '../../db/schema/index';
import { findRow } from '../resources/resources.repo';
import * as repo from './runs.repo';
import type { TRunRow } from './runs.repo';

const FINISHED = ['succeeded', 'failed', 'cancelled'];
const INTERRUPTED = 'Interrupted: the server stopped during this run';

async function targetOf(db: TDb, run: TRunRow): Promise<TRunTarget> {
  if (run.nodeGroupId) {
    const groupNodeId = await repo.groupNodeId(db, run.nodeGroupId);
    if (!groupNodeId) throw new Error('The group of this run no longer exists');
    return { groupNodeId };
  }
  return run.nodeId ? { nodeId: run.nodeId } : { all: true };
}

/** Executes queued runs with the engine, and keeps their state, events and outputs. */
export function createRunExecutor(
  deps: TRunServiceDeps & { realtime: TRealtime; log: FastifyBaseLogger; settings: TRunSettings },
) {
  const { db, realtime, log, settings } = deps;
  const controllers = new Map<string, AbortController>();
  const done = new EventEmitter().setMaxListeners(0);
  let stopping = false;

  async function execute(runId: string): Promise<void> {
    // While the server stops, waiting runs stay queued: the next start takes them up.
    if (stopping) return;
    // Cancellable from here on, even while it is being claimed.
    const controller = new AbortController();
    controllers.set(runId, controller);
    const run = await repo.claimRun(db, runId);
    if (!run) {
      controllers.delete(runId);
      return;
    }
    const events = createRunEventWriter(db, realtime, log, runId, run.seq);
    let status: 'succeeded' | 'failed' | 'cancelled' = 'failed';
    let error: string | null = null;
    let outputs: Record<string, unknown> = {};
    try {
      events.push({ type: 'run-status', status: 'running' });
      if (!run.userId) throw new Error('The person who started this run no longer has an account');
      const graph = await loadGraph(db, run.projectId);
      const workflow = planWorkflow(graph.nodes, graph.connections, await targetOf(db, run), {
        customAiId: run.customAiId,
      });
      if (workflow.nodes.length === 0)
        throw new Error('There is nothing to run: add nodes that do work');
      const services = createRunServices(deps, {
        userId: run.userId,
        projectId: run.projectId,
        runId,
      });
      const result = await runWorkflow(
        workflow,
        nodeRegistry,
        run.inputs,
        services,
        {
          signal: controller.signal,
          concurrency: settings.concurrency,
          nodeTimeoutMs: settings.nodeTimeoutMs,
          retry: settings.retry,
        },
        (event) => events.push(event),
      );
      status = result.status;
      error = result.error ?? null;
      outputs = runOutputs(workflow, result);
    } catch (caught) {
      status = controller.signal.aborted ? 'cancelled' : 'failed';
      error = caught instanceof Error ? caught.message : String(caught);
    } finally {
      if (stopping && status === 'cancelled') {
        status = 'failed';
        error = INTERRUPTED;
      }
      controllers.delete(runId);
      events.push({ type: 'run-status', status, ...(error ? { error } : {}), outputs });
      const seq = await events.flush();
      await repo.finishRun(db, runId, { status, error, outputs, seq });
      done.emit(runId);
    }
  }

  return {
    execute,

    /** Interrupts every running run, for a server that is shutting down. */
    stop() {
      stopping = true;
      for (const controller of controllers.values()) controller.abort(new Error('Interrupted'));
    },

    /** Stops a running run, or cancels one still waiting in the queue. */
    async cancel(runId: string): Promise<boolean> {
      const controller = controllers.get(runId);
      if (controller) {
        controller.abort(new Error('Cancelled'));
        return true;
      }
      if (!(await repo.cancelQueuedRun(db, runId))) return false;
      realtime.publish(`run:${runId}`, {
        runId,
        seq: 0,
        type: 'run-status',
        status: 'cancelled',
        error: 'Cancelled',
      });
      done.emit(runId);
      return true;
    },

    /** Waits until a run has finished, however it ends, or the time is up. */
    async waitFor(runId: string, timeoutMs: number): Promise<TRunRow | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await findRow(db, runs, runId);
        if (!row || FINISHED.includes(row.status) || Date.now() >= deadline) return row;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, Math.min(1_000, Math.max(0, deadline - Date.now())));
          function finish() {
            clearTimeout(timer);
            done.off(runId, finish);
            resolve();
          }
          done.on(runId, finish);
        });
      }
    },

    /**
     * After a restart: runs that were running when the server stopped can never finish, so they
     * are marked failed; runs still waiting go back to the queue.
     */
    async recover(queue: TRunQueue): Promise<void> {
      const interrupted = await repo.failRunningRuns(db, INTERRUPTED);
      for (const id of await repo.queuedRunIds(db)) queue.enqueue(id);
      if (interrupted.length)
        log.warn({ runs: interrupted.length }, 'marked interrupted runs as failed');
    },
  };
}

export type TRunExecutor = ReturnType<typeof createRunExecutor>;
