import type { TPublication, TRunProgressEvent } from '@flowsmith/shared';
import { request, type TRealtimeSocket } from '../../../lib/realtime';
import { runsApi } from '../../../lib/queries/runs';
import { endsBehindView, hasGap, isFinished } from '../core/run-state';
import { endedRunView } from './run-actions';
import { applyLiveEvents, replaceLiveRun, useRunStore } from './run-store';

/** The events endpoint answers at most this many per call by default. */
const EVENTS_PAGE = 1000;
/** With no event for this long, the stored events are asked for: nothing is missed for long. */
const QUIET_MS = 3000;

/**
 * Follows a live run: subscribes to `run:{id}` and, once subscribed (and after every reconnect),
 * fetches the stored events after the last one applied, so none is missed or applied twice.
 * A gap in the numbers, or a quiet spell, fetches again. Works without a realtime connection
 * too, by those fetches alone. When the process running the run stops, the events it showed live
 * but never stored are gone, and another process ends the run under their numbers: that end (or,
 * in a quiet spell, the run found ended) shows the run as stored. Returns the function that
 * stops following.
 */
export function followRun(runId: string, socket: TRealtimeSocket | null): () => void {
  const channel = `run:${runId}`;
  let stopped = false;
  let fetching = false;
  let fetchAgain = false;
  let lastEventAt = Date.now();

  const apply = (events: TRunProgressEvent[]) => {
    if (events.length) lastEventAt = Date.now();
    return applyLiveEvents(runId, events);
  };

  const catchUp = async (): Promise<void> => {
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    try {
      for (;;) {
        const after = useRunStore.getState().live?.lastSeq ?? 0;
        const { items } = await runsApi.events(runId, after);
        if (stopped) return;
        apply(items);
        if (items.length < EVENTS_PAGE && !fetchAgain) break;
        fetchAgain = false;
      }
    } catch (error) {
      console.info('[runs] could not fetch run events', { runId, error });
    } finally {
      fetching = false;
    }
  };

  /** Shows the run as stored once it has ended there, each node as it ended. */
  const showStoredEnd = async () => {
    try {
      const run = await runsApi.get(runId);
      if (stopped || !isFinished(run.status)) return;
      const view = await endedRunView(run);
      if (!stopped) replaceLiveRun(view);
    } catch (error) {
      console.info('[runs] could not fetch the run', { runId, error });
    }
  };

  const onPublication = (publication: TPublication) => {
    if (publication.channel !== channel) return;
    const event = publication.data as TRunProgressEvent;
    const live = useRunStore.getState().live;
    if (live && endsBehindView(live, event)) {
      void showStoredEnd();
      return;
    }
    const view = apply([event]);
    if (view && hasGap(view)) void catchUp();
  };

  const subscribe = () => {
    if (!socket) return;
    request(socket, 'subscribe', [channel])
      .catch((error: unknown) => console.info('[runs] could not subscribe', { channel, error }))
      .finally(() => void (stopped ? undefined : catchUp()));
  };

  socket?.on('publication', onPublication);
  socket?.on('connect', subscribe);
  if (socket?.connected) subscribe();
  else void catchUp();

  const quiet = () => Date.now() - lastEventAt > QUIET_MS;
  const watchdog = setInterval(() => {
    const live = useRunStore.getState().live;
    if (live && (hasGap(live) || quiet()))
      void catchUp().then(() => (quiet() ? showStoredEnd() : undefined));
  }, QUIET_MS);

  return () => {
    stopped = true;
    clearInterval(watchdog);
    socket?.off('publication', onPublication);
    socket?.off('connect', subscribe);
    if (socket?.connected) {
      request(socket, 'unsubscribe', [channel]).catch(() => {
        // A channel already gone (server restart) needs no report.
      });
    }
  };
}
