import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublication, TRun, TRunNodeState, TRunProgressEvent } from '@flowsmith/shared';
import type { TRealtimeSocket } from '../../../lib/realtime';
import { runsApi } from '../../../lib/queries/runs';
import { applyRunEvents, newRunView } from '../core/run-state';
import { followRun } from './run-follower';
import { resetRuns, setLiveRun, useRunStore } from './run-store';

vi.mock('../../../lib/queries/runs', () => ({
  runsApi: { events: vi.fn(), get: vi.fn(), nodes: vi.fn() },
}));

const api = vi.mocked(runsApi);
const INTERRUPTED = 'Interrupted: the process running it stopped';

const head = {
  id: 'run-1',
  status: 'running',
  error: null,
  nodeGroupId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

/** Shown live: the run, its node queued and running, and two tokens. */
const shownLive: TRunProgressEvent[] = [
  { runId: 'run-1', seq: 1, type: 'run-status', status: 'running' },
  { runId: 'run-1', seq: 2, type: 'node-status', nodeId: 'p', status: 'queued' },
  { runId: 'run-1', seq: 3, type: 'node-status', nodeId: 'p', status: 'running', attempt: 1 },
  { runId: 'run-1', seq: 4, type: 'node-token', nodeId: 'p', delta: 'Hel' },
  { runId: 'run-1', seq: 5, type: 'node-token', nodeId: 'p', delta: 'lo' },
];

/** Stored: the first two only, then the end another process gave it. */
const storedEnd: TRunProgressEvent = {
  runId: 'run-1',
  seq: 3,
  type: 'run-status',
  status: 'failed',
  error: INTERRUPTED,
};
const storedRun = { ...head, status: 'failed', error: INTERRUPTED, seq: 3, paramsSnapshot: null };
const storedNodes = [
  { nodeId: 'p', status: 'failed', error: 'Interrupted', output: null },
] as unknown as TRunNodeState[];

/** A realtime connection whose publications the test sends. */
function fakeSocket() {
  const handlers = new Map<string, (payload: TPublication) => void>();
  const socket = {
    connected: true,
    on: (event: string, handler: (payload: TPublication) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    timeout: () => ({ emitWithAck: async () => ({ ok: true, data: {} }) }),
  };
  return {
    socket: socket as unknown as TRealtimeSocket,
    publish: (data: TRunProgressEvent) =>
      handlers.get('publication')?.({ channel: 'run:run-1', data, offset: 0 } as TPublication),
  };
}

describe('following a run whose process stopped', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.events.mockResolvedValue({ items: [] });
    api.get.mockResolvedValue(storedRun as unknown as TRun);
    api.nodes.mockResolvedValue({ items: storedNodes });
    setLiveRun(applyRunEvents(newRunView(head), shownLive));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
    resetRuns();
  });

  it('shows the run as stored when its end comes under a number already shown', async () => {
    const { socket, publish } = fakeSocket();
    const stop = followRun('run-1', socket);
    await vi.advanceTimersByTimeAsync(0);
    publish(storedEnd);
    await vi.advanceTimersByTimeAsync(0);
    const live = useRunStore.getState().live!;
    expect(live).toMatchObject({ status: 'failed', error: INTERRUPTED, lastSeq: 3 });
    expect(live.nodes.p).toMatchObject({ status: 'failed', error: 'Interrupted' });
    stop();
  });

  it('finds the run ended in a quiet spell when its end was not heard', async () => {
    const stop = followRun('run-1', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(useRunStore.getState().live!.status).toBe('running');
    await vi.advanceTimersByTimeAsync(7_000);
    expect(useRunStore.getState().live).toMatchObject({ status: 'failed', error: INTERRUPTED });
    stop();
  });

  it('keeps showing a run still going while it is quiet', async () => {
    api.get.mockResolvedValue({ ...storedRun, status: 'running', error: null } as TRun);
    const stop = followRun('run-1', null);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(useRunStore.getState().live).toMatchObject({ status: 'running', lastSeq: 5 });
    expect(api.nodes).not.toHaveBeenCalled();
    stop();
  });

  it('applies an end that follows what was shown, without asking for the run', async () => {
    const { socket, publish } = fakeSocket();
    const stop = followRun('run-1', socket);
    await vi.advanceTimersByTimeAsync(0);
    publish({ ...storedEnd, seq: 6, status: 'succeeded', error: undefined } as TRunProgressEvent);
    await vi.advanceTimersByTimeAsync(0);
    expect(useRunStore.getState().live).toMatchObject({ status: 'succeeded', lastSeq: 6 });
    expect(api.get).not.toHaveBeenCalled();
    stop();
  });
});
