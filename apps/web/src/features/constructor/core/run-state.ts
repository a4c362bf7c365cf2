import {
  nodeKindOf,
  type TParamsSnapshot,
  type TRun,
  type TRunNodeState,
  type TRunProgressEvent,
  type TRunStatus,
} from '@flowsmith/shared';

/** What one node shows of a run: its badge, the text it streamed or produced, its image. */
export type TNodeRunState = {
  status: TRunStatus;
  error: string | null;
  /** The attempt running now; above 1 while a retry runs. */
  attempt: number;
  /** Set between a failed attempt and the next one. */
  retry: { attempt: number; delayMs: number; error: string } | null;
  text: string;
  image: { url: string; mediaType: string } | null;
};

/** A run as the canvas shows it, built from its numbered progress events. */
export type TRunView = {
  runId: string;
  status: TRunStatus;
  error: string | null;
  nodeGroupId: string | null;
  createdAt: string;
  /** The highest event number applied; every event up to it has been applied, once. */
  lastSeq: number;
  /** Events that came early (a gap before them), sorted by `seq`, waiting for the gap to fill. */
  pending: TRunProgressEvent[];
  nodes: Record<string, TNodeRunState>;
  /** Source node id → output nodes that show its streamed text until they get their own. */
  feeds: Record<string, string[]>;
  /** Each node's params when the run was created, for a past run; null when not kept. */
  params: TParamsSnapshot | null;
};

export const FINISHED_STATUSES: readonly TRunStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isFinished = (status: TRunStatus) => FINISHED_STATUSES.includes(status);

/** Which output nodes echo which node's stream: every edge into a terminal node. */
export function feedsOf(
  edges: readonly { source: string; target: string }[],
  kindOf: (nodeId: string) => string | undefined,
): Record<string, string[]> {
  const feeds: Record<string, string[]> = {};
  for (const edge of edges) {
    if (!nodeKindOf(kindOf(edge.target) ?? '')?.flags.terminal) continue;
    (feeds[edge.source] ??= []).push(edge.target);
  }
  return feeds;
}

export function textOf(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null;
  const text = (output as { text?: unknown }).text;
  return typeof text === 'string' ? text : null;
}

export function imageOf(output: unknown): TNodeRunState['image'] {
  if (typeof output !== 'object' || output === null) return null;
  const image = (output as { image?: unknown }).image;
  if (typeof image !== 'object' || image === null) return null;
  const { url, mediaType } = image as { url?: unknown; mediaType?: unknown };
  return typeof url === 'string'
    ? { url, mediaType: typeof mediaType === 'string' ? mediaType : 'image/png' }
    : null;
}

const blankNode = (): TNodeRunState => ({
  status: 'queued',
  error: null,
  attempt: 1,
  retry: null,
  text: '',
  image: null,
});

type TRunHead = Pick<TRun, 'id' | 'status' | 'error' | 'nodeGroupId' | 'createdAt'>;

/** A run just started or about to be followed: nothing applied yet. */
export function newRunView(run: TRunHead, feeds: TRunView['feeds'] = {}): TRunView {
  return {
    runId: run.id,
    status: run.status,
    error: run.error,
    nodeGroupId: run.nodeGroupId,
    createdAt: run.createdAt,
    lastSeq: 0,
    pending: [],
    nodes: {},
    feeds,
    params: null,
  };
}

/** A finished run as stored: each node's final state, no events needed. */
export function viewFromNodeStates(
  run: TRunHead & Pick<TRun, 'seq' | 'paramsSnapshot'>,
  states: readonly TRunNodeState[],
): TRunView {
  const nodes: Record<string, TNodeRunState> = {};
  for (const state of states) {
    nodes[state.nodeId] = {
      ...blankNode(),
      status: state.status,
      error: state.error,
      text: textOf(state.output) ?? '',
      image: imageOf(state.output),
    };
  }
  return { ...newRunView(run), lastSeq: run.seq, nodes, params: run.paramsSnapshot };
}

/** Applies one event that is next in order; `nodes` is the batch's own copy. */
function applyOne(view: TRunView, nodes: Record<string, TNodeRunState>, event: TRunProgressEvent) {
  const node = (id: string) => nodes[id] ?? blankNode();
  const alsoFed = (id: string, update: (state: TNodeRunState) => TNodeRunState | null) => {
    for (const target of view.feeds[id] ?? []) {
      const next = update(node(target));
      if (next) nodes[target] = next;
    }
  };
  // An output node that has its own final text keeps it; one still waiting follows its source.
  const waiting = (state: TNodeRunState) => state.status === 'queued' || state.status === 'running';

  switch (event.type) {
    case 'run-status':
      view.status = event.status;
      view.error = event.error ?? null;
      return;
    case 'node-token': {
      const current = node(event.nodeId);
      nodes[event.nodeId] = { ...current, text: current.text + event.delta };
      alsoFed(event.nodeId, (state) =>
        waiting(state) ? { ...state, text: state.text + event.delta } : null,
      );
      return;
    }
    case 'node-retry':
      nodes[event.nodeId] = {
        ...node(event.nodeId),
        text: '',
        retry: { attempt: event.attempt, delayMs: event.delayMs, error: event.error },
      };
      alsoFed(event.nodeId, (state) => (waiting(state) ? { ...state, text: '' } : null));
      return;
    case 'node-status': {
      const current = node(event.nodeId);
      const attempt = event.attempt ?? current.attempt;
      const restarted = event.status === 'running' && attempt > current.attempt;
      nodes[event.nodeId] = {
        ...current,
        status: event.status,
        error: event.error ?? null,
        attempt,
        retry: event.status === 'running' ? null : current.retry,
        text: textOf(event.output) ?? (restarted ? '' : current.text),
        image: imageOf(event.output) ?? current.image,
      };
      return;
    }
  }
}

/**
 * Merges events (live or fetched, in any order, possibly twice) into the view: each `seq` is
 * applied once and in order; events after a gap wait in `pending` until the gap is filled.
 * Nodes no event touched keep their identity, so their views do not re-render.
 */
export function applyRunEvents(view: TRunView, events: readonly TRunProgressEvent[]): TRunView {
  const fresh = events.filter((event) => event.runId === view.runId && event.seq > view.lastSeq);
  if (!fresh.length) return view;
  const bySeq = new Map(view.pending.map((event) => [event.seq, event]));
  for (const event of fresh) if (!bySeq.has(event.seq)) bySeq.set(event.seq, event);
  const queue = [...bySeq.values()].sort((a, b) => a.seq - b.seq);

  const next: TRunView = { ...view, nodes: { ...view.nodes } };
  let index = 0;
  while (index < queue.length && queue[index]!.seq === next.lastSeq + 1) {
    applyOne(next, next.nodes, queue[index]!);
    next.lastSeq += 1;
    index += 1;
  }
  next.pending = queue.slice(index);
  if (index === 0) next.nodes = view.nodes;
  return next;
}

/**
 * True when `event` ends the run under a number the view has already applied: the events shown
 * live from that number on were never stored (the process running the run stopped first), and
 * another process ended the run after the last one stored. The view cannot follow on from
 * there; the stored run is what to show.
 */
export const endsBehindView = (view: TRunView, event: TRunProgressEvent) =>
  event.runId === view.runId &&
  event.type === 'run-status' &&
  isFinished(event.status) &&
  event.seq <= view.lastSeq &&
  !isFinished(view.status);

/** True when events are missing before some that arrived: time to fetch `after=lastSeq`. */
export const hasGap = (view: TRunView) => view.pending.length > 0;
