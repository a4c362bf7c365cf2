import { EventEmitter } from 'node:events';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nodeCatalog, type TProjectGraph } from '@flowsmith/shared';
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
import { aheadAtClaim } from '../billing/quotas';
import type { TGraphRows } from '../canvas/canvas.repo';
import { graphToApi, loadGraph } from '../canvas/canvas.service';
import { planVersion } from '../publishing/published-groups';
import { versionGraph } from '../publishing/publishing.repo';
import { reqLogToPrice } from '../models/request-log';
import { createRunEventWriter } from './run-events';
import { createRunServices, type TRunServiceDeps } from './run-services';
import type { TRunSignals } from './run-signals';
import * as repo from './runs.repo';
import type { TRunClaim, TRunRow } from './runs.repo';

const FINISHED = ['succeeded', 'failed', 'cancelled'];
const INTERRUPTED = 'Interrupted: the process running it stopped';

/** What `signalled` brings, or nothing at `deadline`. */
async function untilSignalled(
  signalled: Promise<TRunRow | undefined>,
  deadline: number,
): Promise<TRunRow | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      signalled,
      new Promise<undefined>(
        (resolve) => (timer = setTimeout(() => resolve(undefined), deadline - Date.now())),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a run executes: a group's published version, or the canvas as it is now (`rows`, when its
 * claim read them).
 */
async function planRun(db: TDb, run: TRunRow, rows?: TGraphRows) {
  if (run.groupVersionId) {
    const version = await versionGraph(db, run.groupVersionId);
    if (!version) throw new Error('The published version of this run no longer exists');
    return planVersion(version.graph, run.customAiId);
  }
  const graph = rows ? graphToApi(run.projectId, rows) : await loadGraph(db, run.projectId);
  return planWorkflow(graph.nodes, graph.connections, targetOf(graph, run), {
    customAiId: run.customAiId,
  });
}

function targetOf(graph: TProjectGraph, run: TRunRow): TRunTarget {
  if (run.nodeGroupId) {
    const group = graph.groups.find((g) => g.id === run.nodeGroupId);
    if (!group) throw new Error('The group of this run no longer exists');
    return { groupNodeId: group.nodeId };
  }
  return run.nodeId ? { nodeId: run.nodeId } : { all: true };
}

/**
 * Executes queued runs with the engine, and keeps their state, events and outputs. `owner` names
 * this process in the leases of the runs it executes.
 */
export function createRunExecutor(
  deps: TRunServiceDeps & {
    realtime: TRealtime;
    log: FastifyBaseLogger;
    settings: TRunSettings;
    signals: TRunSignals;
    owner: string;
  },
) {
  const { db, realtime, log, settings, signals, owner } = deps;
  const controllers = new Map<string, AbortController>();
  let stopping = false;
  let timers: NodeJS.Timeout[] = [];
  const offSignals = [
    signals.on('cancel', (runId) => controllers.get(runId)?.abort(new Error('Cancelled'))),
  ];

  // Runs this process has ended, with their stored rows: a waiter here needs no read.
  const finished = new EventEmitter<Record<string, [TRunRow | undefined]>>().setMaxListeners(0);
  // Waiters to wake when the process stops: their wait would outlive the database.
  const waiters = new Set<() => void>();

  /** Renews the leases of the runs this process executes, and stops those cancelled meanwhile. */
  async function heartbeat() {
    const ids = [...controllers.keys()];
    const held = await repo.renewLeases(db, owner, ids, settings.leaseMs);
    for (const row of held)
      if (row.cancelRequestedAt) controllers.get(row.id)?.abort(new Error('Cancelled'));
  }

  /**
   * Claims a queued run and executes it; `claimed`: its claim, stored claimed by this process;
   * `withClaim`: what the claim writes too (see `TRunWorker`).
   */
  async function execute(
    runId: string,
    claimed?: TRunClaim,
    withClaim?: (claimedId: SQL) => SQL,
  ): Promise<void> {
    // While the process stops, waiting runs stay queued: another process (or the next start)
    // takes them up.
    if (stopping && !claimed) return;
    // Cancellable from here on, even while it is being claimed.
    const controller = new AbortController();
    controllers.set(runId, controller);
    const claim =
      claimed ??
      (await repo
        .claimRun(db, runId, owner, settings.leaseMs, withClaim, aheadAtClaim())
        .catch((error: unknown) => {
          controllers.delete(runId);
          throw error;
        }));
    if (!claim) {
      controllers.delete(runId);
      return;
    }
    const { run } = claim;
    const events = createRunEventWriter(db, realtime, log, run);
    let status: 'succeeded' | 'failed' | 'cancelled' = 'failed';
    let error: string | null = null;
    let outputs: Record<string, unknown> = {};
    let admission: ReturnType<TRunServiceDeps['meter']['forRun']> | undefined;
    try {
      events.push({ type: 'run-status', status: 'running' });
      if (!run.userId) throw new Error('The person who started this run no longer has an account');
      const workflow = await planRun(db, run, claim.graph);
      if (workflow.nodes.length === 0)
        throw new Error('There is nothing to run: add nodes that do work');
      admission = deps.meter.forRun(
        { projectId: run.projectId },
        workflow.nodes.filter((node) => nodeCatalog[node.kind].flags.model !== 'none').length,
        claim.counted,
      );
      const services = createRunServices(
        deps,
        { userId: run.userId, projectId: run.projectId, runId },
        {
          admission,
          logLater: (context, call) => events.logRequest(reqLogToPrice(context, call)),
        },
      );
      events.begin();
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
      // Requests counted ahead and not made go back before the run is seen to end (also those
      // its claim counted for a run that ended before its first call could be admitted).
      admission ??=
        claim.counted && deps.meter.forRun({ projectId: run.projectId }, 0, claim.counted);
      await admission
        ?.settle()
        .catch((caught: unknown) =>
          log.error({ err: caught, runId }, 'giving back unused model requests failed'),
        );
      events.push({ type: 'run-status', status, ...(error ? { error } : {}), outputs });
      // The end of a run is never dropped: without it the run would stay `running`.
      // A run stored already claimed here is waited for here only: `finished` tells its waiter.
      const signal = !claimed;
      const stored = await events
        .close(async (batch, seq, logs) => {
          const ended = await repo.finishRun(
            db,
            runId,
            owner,
            { status, error, outputs, seq },
            batch,
            logs,
            { signal },
          );
          return { result: ended.row, logs: ended.logs };
        })
        .catch((caught: unknown) => {
          log.error({ err: caught, runId }, 'storing the end of a run failed');
          return undefined;
        });
      controllers.delete(runId);
      if (!stored) log.warn({ runId }, 'a run ended after another process had taken it over');
      finished.emit(runId, stored);
    }
  }

  /** Ends runs whose process is gone (lease expired), publishing their stored status event. */
  async function recover(): Promise<void> {
    const events = await repo.failAbandonedRuns(db, INTERRUPTED);
    for (const event of events) realtime.publish(`run:${event.runId}`, event, { type: event.type });
    if (events.length) log.warn({ runs: events.length }, 'ended runs whose process had stopped');
  }

  return {
    execute,
    recover,

    /** Heartbeat and periodic recovery; recovery runs once at once. */
    async start() {
      const every = (ms: number, work: () => Promise<void>, what: string) =>
        timers.push(
          setInterval(
            () => void work().catch((error: unknown) => log.warn({ err: error }, what)),
            ms,
          ).unref(),
        );
      every(settings.heartbeatMs, heartbeat, 'renewing run leases failed');
      every(settings.leaseMs, recover, 'recovering runs failed');
      await recover();
    },

    /** Interrupts every running run, for a process that is shutting down. */
    stop() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const off of offSignals) off();
      for (const controller of controllers.values()) controller.abort(new Error('Interrupted'));
      for (const wakeUp of waiters) wakeUp();
    },

    /**
     * Cancels a run still waiting in the queue (with its stored event), or asks the process
     * running it to stop it; false when it has already ended.
     */
    async cancel(runId: string): Promise<boolean> {
      const event = await repo.cancelQueuedRun(db, runId);
      if (event) {
        realtime.publish(`run:${runId}`, event, { type: event.type });
        return true;
      }
      return repo.requestCancel(db, runId);
    },

    /**
     * Waits until a run has finished, however it ends, or the time is up. A caller that has
     * just stored the run passes its row (`stored`), which spares the first read.
     */
    async waitFor(
      runId: string,
      timeoutMs: number,
      stored?: TRunRow,
    ): Promise<TRunRow | undefined> {
      const deadline = Date.now() + timeoutMs;
      let wake: (row?: TRunRow) => void = () => undefined;
      const onFinished = (row: TRunRow | undefined) => wake(row);
      // A run this process executes is announced by `finished`, with its row. Another's end
      // mostly comes with its row too.
      const onDone = (id: string, detail?: string) => {
        if (id === runId && !controllers.has(runId)) wake(repo.runFromSignal(detail));
      };
      const onResync = () => wake();
      // A run executed here ends, and says so, as the process stops; one executed elsewhere may not.
      const executedElsewhere = () => !controllers.has(runId);
      const onStop = () => {
        if (executedElsewhere()) wake(known);
      };
      finished.on(runId, onFinished);
      waiters.add(onStop);
      const offDone = signals.on('done', onDone);
      const offResync = signals.on('resync', onResync);
      let known = stored;
      // A run known not to have ended yet (subscribed above, in the same turn) is not read before
      // its `done` signal (or `finished` here, for one this process executes) comes.
      let unread = !stored && !stopping && (controllers.has(runId) || signals.notEnded(runId));
      try {
        for (;;) {
          const signalled = new Promise<TRunRow | undefined>((resolve) => (wake = resolve));
          if (unread) {
            unread = false;
            known = await untilSignalled(signalled, deadline);
            continue;
          }
          // Ended here: the row came with it. Ended elsewhere (or not known yet): read it.
          const row = known ?? (await repo.runById(db, runId));
          const stopped = stopping && executedElsewhere();
          if (!row || FINISHED.includes(row.status) || Date.now() >= deadline || stopped)
            return row;
          // What a stopping process answers with: the run as it last knew it.
          known = row;
          known = await untilSignalled(signalled, deadline);
        }
      } finally {
        finished.off(runId, onFinished);
        waiters.delete(onStop);
        offDone();
        offResync();
      }
    },
  };
}

export type TRunExecutor = ReturnType<typeof createRunExecutor>;
