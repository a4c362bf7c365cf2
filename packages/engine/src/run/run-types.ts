import type { TNodeKind, TNodeParams, TRunStatus } from '@flowsmith/shared';

/** A node as the engine runs it: its params read once, when the run was planned. */
export type TEngineNode<K extends TNodeKind = TNodeKind> = {
  [Kind in K]: { id: string; kind: Kind; title: string; params: TNodeParams<Kind> };
}[K];

export type TEngineEdge = {
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
};

export type TWorkflow = { nodes: TEngineNode[]; edges: TEngineEdge[] };

/** Values by handle name. */
export type TValues = Record<string, unknown>;

export type TRunEvent =
  | {
      type: 'node-status';
      nodeId: string;
      status: TRunStatus;
      output?: TValues;
      error?: string;
      attempt?: number;
    }
  | { type: 'node-token'; nodeId: string; delta: string }
  | { type: 'node-retry'; nodeId: string; attempt: number; delayMs: number; error: string };

export type TNodeContext<TServices, K extends TNodeKind = TNodeKind> = {
  node: TEngineNode<K>;
  /** What arrived on the node's input handles. */
  inputs: TValues;
  /** The values given when the run started, by input name. */
  runInputs: TValues;
  signal: AbortSignal;
  /** Streams a piece of text the node is producing. */
  token(delta: string): void;
  services: TServices;
};

export type TNodeImplementation<TServices, K extends TNodeKind = TNodeKind> = {
  run(ctx: TNodeContext<TServices, K>): Promise<TValues>;
};

/** How each kind runs; a kind without an implementation fails when a run reaches it. */
export type TNodeRegistry<TServices> = {
  readonly [K in TNodeKind]?: TNodeImplementation<TServices, K>;
};

export type TRetryOptions = {
  /** Attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export type TRunOptions = {
  /** How many nodes run at once. */
  concurrency?: number;
  /**
   * How long a node may take in all, its retries and their waits included, unless the node
   * sets its own limit (`timeoutSeconds`).
   */
  nodeTimeoutMs?: number;
  retry?: TRetryOptions;
  signal?: AbortSignal;
  /** Injected for tests: waiting, randomness and the clock (milliseconds). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
};

export type TNodeResult = { status: TRunStatus; output?: TValues; error?: string };

export type TRunResult = {
  status: Extract<TRunStatus, 'succeeded' | 'failed' | 'cancelled'>;
  nodes: Record<string, TNodeResult>;
  error?: string;
};
