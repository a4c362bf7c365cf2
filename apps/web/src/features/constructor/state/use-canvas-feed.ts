import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCanvasPublication, TPublication } from '@flowsmith/shared';
import { getRealtimeSocket, useRealtimeChannels } from '../../../lib/realtime';
import { canvasKeys, graphApi } from '../../../lib/queries/canvas';
import { CanvasFeed } from '../core/canvas-feed';
import type { CanvasCommands } from './canvas-commands';
import { applyRemoteChange } from './canvas-updates';

/**
 * Keeps the open canvas live: other members' changes (published on `project:{id}`) are applied
 * in offset order from the offset the canvas was loaded at; after a reconnect, what was missed
 * is fetched, and when that is too much the canvas is loaded again and the user told so.
 */
export function useCanvasFeed(projectId: string, loadedOffset: number, commands: CanvasCommands) {
  const queryClient = useQueryClient();
  const feed = useRef<CanvasFeed | null>(null);
  const channel = `project:${projectId}`;

  useEffect(() => {
    const { deps } = commands;
    const current = new CanvasFeed(loadedOffset, {
      fetchAfter: (after) => graphApi.changesAfter(projectId, after),
      apply(publication) {
        // This tab's own writes are on the canvas already.
        if (publication.info.client && publication.info.client === getRealtimeSocket()?.id) return;
        applyRemoteChange(publication.data, deps.catalog.isGroupKind, (nodeId) =>
          commands.queue.hasPendingLayout(nodeId),
        );
      },
      reload() {
        deps.notify(
          'info',
          'Canvas reloaded',
          'You were away while many changes were made, so the canvas was loaded again.',
        );
        void commands.queue
          .flush()
          .then(() => queryClient.refetchQueries({ queryKey: canvasKeys.graph(projectId) }));
      },
      onError(error) {
        console.info('[canvas] could not catch up with changes', { error });
      },
    });
    feed.current = current;
    // Changes made between loading the canvas and subscribing.
    void current.catchUp();
    // Back online, the connection may not have noticed it was cut: ask anyway.
    const onOnline = () => void current.catchUp();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      current.stop();
      if (feed.current === current) feed.current = null;
    };
  }, [projectId, loadedOffset, commands, queryClient]);

  useRealtimeChannels(
    [channel],
    (publication: TPublication) => feed.current?.receive(publication as TCanvasPublication),
    (subscribed, offset) => {
      if (subscribed === channel) void feed.current?.catchUp(offset);
    },
  );
}
