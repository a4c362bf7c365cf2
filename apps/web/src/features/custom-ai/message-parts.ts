import type { UIMessage } from 'ai';

/** A linked workflow's run as the server's tool answers it. */
export type TWorkflowRunOutput = {
  runId?: string;
  status?: string;
  outputs?: Record<string, unknown>;
  error?: string | null;
};

export type TToolStep = {
  kind: 'tool';
  id: string;
  /** The tool's name, e.g. `run_lookup`. */
  toolName: string;
  state: string;
  input: unknown;
  output: TWorkflowRunOutput | null;
  /** Why the call failed: the SDK's error, or the run's own. */
  error: string | null;
};

export type TMessageBlock =
  { kind: 'text'; text: string } | { kind: 'notice'; text: string } | TToolStep;

type TPart = UIMessage['parts'][number];

const TOOL_PREFIX = 'tool-';

function toolStep(part: TPart & Record<string, unknown>, index: number): TToolStep {
  const output = (part.output ?? null) as TWorkflowRunOutput | null;
  const error =
    (typeof part.errorText === 'string' && part.errorText) ||
    (output && typeof output.error === 'string' && output.error) ||
    null;
  return {
    kind: 'tool',
    id: typeof part.toolCallId === 'string' ? part.toolCallId : String(index),
    toolName: part.type.slice(TOOL_PREFIX.length),
    state: typeof part.state === 'string' ? part.state : 'input-available',
    input: part.input ?? null,
    output,
    error,
  };
}

/**
 * What a message shows, in order: runs of text joined into one block (the model writes text
 * around its tool calls in several parts), workflow calls as steps, and the server's notices.
 * Step markers, reasoning and anything unknown show nothing.
 */
export function messageBlocks(parts: readonly TPart[]): TMessageBlock[] {
  const blocks: TMessageBlock[] = [];
  parts.forEach((part, index) => {
    if (part.type === 'text') {
      const previous = blocks.at(-1);
      if (previous?.kind === 'text') previous.text += part.text;
      else if (part.text) blocks.push({ kind: 'text', text: part.text });
    } else if (part.type.startsWith(TOOL_PREFIX)) {
      blocks.push(toolStep(part as TPart & Record<string, unknown>, index));
    } else if (part.type === 'data-notice') {
      const data = (part as { data?: { text?: unknown } }).data;
      if (typeof data?.text === 'string') blocks.push({ kind: 'notice', text: data.text });
    }
  });
  return blocks;
}

/** The message's words, for Copy. */
export function messageText(message: Pick<UIMessage, 'parts'>): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

/** Mirrors the server's tool naming (`run_<slug of the group name>`), to show the real name. */
export function toolSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'workflow'
  );
}

/** The workflow a tool ran, by the linked groups' names; unknown tools keep a readable slug. */
export function workflowName(toolName: string, workflowNames: readonly string[]): string {
  const exact = workflowNames.find((name) => `run_${toolSlug(name)}` === toolName);
  // Two groups with the same slug get `_2`, `_3`… after the first.
  const slug = toolName.replace(/^run_/, '').replace(/_\d+$/, '');
  return (
    exact ??
    workflowNames.find((name) => toolSlug(name) === slug) ??
    toolName.replace(/^run_/, '').replace(/_/g, ' ')
  );
}

export type TToolStatus = 'running' | 'succeeded' | 'failed';

export function toolStatus(step: Pick<TToolStep, 'state' | 'output' | 'error'>): TToolStatus {
  if (step.state === 'output-error' || step.error) return 'failed';
  if (step.state !== 'output-available') return 'running';
  const status = step.output?.status ?? 'succeeded';
  if (status === 'succeeded') return 'succeeded';
  // A run still going when the tool stopped waiting is not a failure.
  return status === 'queued' || status === 'running' ? 'running' : 'failed';
}
