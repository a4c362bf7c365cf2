import { EventEmitter } from 'node:events';
import { and, eq, inArray } from 'drizzle-orm';
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
import { nodeGroups, runNodeStates, runs } from '../../db/schema/index';
import type { TRealtime } from '../../plugins/realtime';
import { loadGraph } from '../canvas/graph.service';
import { createRunEventWriter } from './run-events';
import { createRunServices, type TRunServiceDeps } from './run-services';
import type { TRunQueue } from './run-queue';

const FINISHED = ['succeeded', 'failed', 'cancelled'];

type TRunRow = typeof runs.$inferSelect;

async function targetOf(db: TDb, run: TRunRow): Promise<TRunTarget> {
  if (run.nodeGroupId) {
    const [group] = await db
      .select({ nodeId: nodeGroups.nodeId })
      .from(nodeGroups)
      .where(eq(nodeGroups.id, run.nodeGroupId));
    if (!group) throw new Error('The group of this run no longer exists');
    return { groupNodeId: group.nodeId };
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
    // Claiming the run in one statement means it runs once, however often it was queued.
    const [run] = await db
      .update(runs)
      .set({ status: 'running', startedAt: new Date() })
      .where(and(eq(runs.id, runId), eq(runs.status, 'queued')))
      .returning();
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
        error = 'Interrupted: the server stopped during this run';
      }
      controllers.delete(runId);
      events.push({ type: 'run-status', status, ...(error ? { error } : {}), outputs });
      const seq = await events.flush();
      await db
        .update(runs)
        .set({ status, error, outputs, seq, finishedAt: new Date() })
        .where(eq(runs.id, runId));
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
      const cancelled = await db
        .update(runs)
        .set({ status: 'cancelled', error: 'Cancelled', finishedAt: new Date() })
        .where(and(eq(runs.id, runId), eq(runs.status, 'queued')))
        .returning({ id: runs.id });
      if (!cancelled.length) return false;
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
        const [row] = await db.select().from(runs).where(eq(runs.id, runId));
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
      const interrupted = await db
        .update(runs)
        .set({
          status: 'failed',
          error: 'Interrupted: the server stopped during this run',
          finishedAt: new Date(),
        })
        .where(eq(runs.status, 'running'))
        .returning({ id: runs.id });
      if (interrupted.length) {
        await db
          .update(runNodeStates)
          .set({ status: 'failed', error: 'Interrupted', finishedAt: new Date() })
          .where(
            and(
              inArray(
                runNodeStates.runId,
                interrupted.map((r) => r.id),
              ),
              inArray(runNodeStates.status, ['queued', 'running']),
            ),
          );
      }
      const waiting = await db
        .select({ id: runs.id })
        .from(runs)
        .where(eq(runs.status, 'queued'))
        .orderBy(runs.createdAt);
      for (const { id } of waiting) queue.enqueue(id);
      if (interrupted.length)
        log.warn({ runs: interrupted.length }, 'marked interrupted runs as failed');
    },
  };
}

export type TRunExecutor = ReturnType<typeof createRunExecutor>;
