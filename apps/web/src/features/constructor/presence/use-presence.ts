import { useEffect, useSyncExternalStore } from 'react';
import {
  PRESENCE_SELECTION_MAX,
  PRESENCE_STATE_RATE,
  type TPresenceEvent,
  type TPresenceMember,
  type TPresenceState,
  type TPresenceStateEvent,
} from '@flowsmith/shared';
import {
  getRealtimeSocket,
  onRealtimeSocketChange,
  request,
  useRealtimeChannels,
} from '../../../lib/realtime';
import { useCanvasStore } from '../state/canvas-store';
import { fromList, throttled, withJoin, withLeave, withState } from './presence-model';
import { usePresenceStore } from './presence-store';

const ignorePublications = () => undefined;

function selectedIds(): string[] {
  return useCanvasStore
    .getState()
    .nodes.filter((node) => node.selected)
    .slice(0, PRESENCE_SELECTION_MAX)
    .map((node) => node.id);
}

/**
 * Who else is on the project's canvas (spec §3 join and leave events): loads the presence list
 * once subscribed, on every (re)connection, follows joins, leaves and others' cursors and
 * selections, and shares this tab's selection. The cursor is shared by the presence layer.
 */
export function usePresence(projectId: string): void {
  const socket = useSyncExternalStore(onRealtimeSocketChange, getRealtimeSocket, () => null);
  const channel = `project:${projectId}`;
  // Holds the subscription with the canvas's other users, so leaving happens with the last one.
  useRealtimeChannels([channel], ignorePublications);

  useEffect(() => {
    if (!socket) return;
    const set = usePresenceStore.setState;
    let cancelled = false;
    const outbox = throttled<TPresenceState>(1_000 / PRESENCE_STATE_RATE, (state) => {
      if (socket.connected) socket.emit('presence-state', channel, state);
    });
    let sharedSelection: string | null = null;
    const shareSelection = () => {
      const ids = selectedIds();
      const key = ids.join('\n');
      if (key === sharedSelection) return;
      sharedSelection = key;
      outbox.push({ selection: ids });
    };

    const load = async () => {
      try {
        // Subscribing again is harmless and its answer means the server has us in the channel.
        await request(socket, 'subscribe', [channel]);
        const { members } = await request<{ members: TPresenceMember[] }>(socket, 'presence', [
          channel,
        ]);
        if (cancelled) return;
        set({ members: fromList(members, Date.now()), selfClient: socket.id ?? null });
        sharedSelection = null;
        shareSelection();
      } catch (error) {
        console.info('[presence] could not load who is here', { channel, error });
      }
    };
    const onJoin = (event: TPresenceEvent) => {
      if (event.channel === channel) set((s) => ({ members: withJoin(s.members, event) }));
    };
    const onLeave = (event: TPresenceEvent) => {
      if (event.channel === channel) set((s) => ({ members: withLeave(s.members, event.client) }));
    };
    const onState = (event: TPresenceStateEvent) => {
      if (event.channel === channel) {
        set((s) => ({ members: withState(s.members, event, Date.now()) }));
      }
    };
    // Offline, who is here is unknown; the list is loaded again on reconnection.
    const onDisconnect = () => set({ members: {}, selfClient: null });

    socket.on('connect', load);
    socket.on('disconnect', onDisconnect);
    socket.on('join', onJoin);
    socket.on('leave', onLeave);
    socket.on('presence-state', onState);
    if (socket.connected) void load();
    const stopWatching = useCanvasStore.subscribe(shareSelection);
    set({ share: outbox.push });

    return () => {
      cancelled = true;
      socket.off('connect', load);
      socket.off('disconnect', onDisconnect);
      socket.off('join', onJoin);
      socket.off('leave', onLeave);
      socket.off('presence-state', onState);
      stopWatching();
      outbox.cancel();
      set({ members: {}, selfClient: null, share: null });
    };
  }, [socket, channel]);
}
