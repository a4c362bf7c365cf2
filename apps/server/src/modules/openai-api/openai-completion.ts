import { randomUUID } from 'node:crypto';
import type { StreamTextResult, ToolSet } from 'ai';
import { AppError } from '../../lib/app-error';
import { describe } from '../custom-ais/assistant-reply';
import { openAiErrorBody } from './openai-errors';

export type TUsage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
type TToolCall = {
  index: number;
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
};
type TFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** What a reply is made of, in OpenAI's terms, as it happens. */
export type TReplyEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; call: TToolCall }
  | { type: 'finish'; reason: TFinishReason; usage: TUsage }
  | { type: 'error'; error: unknown };

const finishReasons: Record<string, TFinishReason> = {
  length: 'length',
  'content-filter': 'content_filter',
};

/**
 * The events of a streamed reply. Only calls of the client's tools are told: the custom AI's own
 * tools ran on the server, and their results are already in the text that follows.
 */
export async function* replyEvents(
  result: StreamTextResult<ToolSet, never>,
  clientToolNames: Set<string>,
): AsyncGenerator<TReplyEvent> {
  let calls = 0;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      if (part.text) yield { type: 'text', text: part.text };
    } else if (part.type === 'tool-call' && clientToolNames.has(part.toolName)) {
      yield {
        type: 'tool_call',
        call: {
          index: calls++,
          id: part.toolCallId,
          type: 'function',
          function: { name: part.toolName, arguments: JSON.stringify(part.input ?? {}) },
        },
      };
    } else if (part.type === 'error') {
      yield { type: 'error', error: part.error };
      return;
    } else if (part.type === 'finish') {
      const input = part.totalUsage.inputTokens ?? 0;
      const output = part.totalUsage.outputTokens ?? 0;
      yield {
        type: 'finish',
        reason: calls > 0 ? 'tool_calls' : (finishReasons[part.finishReason] ?? 'stop'),
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      };
    }
  }
}

/** A failure after the request was accepted: the model's, or a later step over quota. */
function replyError(error: unknown) {
  if (error instanceof AppError) return error;
  return new AppError('bad_gateway', describe(error));
}

type TCompletionInput = { events: AsyncIterable<TReplyEvent>; model: string };

const header = (model: string) => ({
  id: `chatcmpl-${randomUUID()}`,
  created: Math.floor(Date.now() / 1000),
  model,
});

/** The whole reply as one `chat.completion`; a failure is thrown. */
export async function completionOf({ events, model }: TCompletionInput) {
  let text = '';
  const toolCalls: TToolCall[] = [];
  let finish: Extract<TReplyEvent, { type: 'finish' }> | undefined;
  for await (const event of events) {
    if (event.type === 'error') throw replyError(event.error);
    if (event.type === 'text') text += event.text;
    else if (event.type === 'tool_call') toolCalls.push(event.call);
    else finish = event;
  }
  return {
    ...header(model),
    object: 'chat.completion' as const,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant' as const,
          content: text || (toolCalls.length ? null : ''),
          refusal: null,
          ...(toolCalls.length
            ? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) }
            : {}),
        },
        logprobs: null,
        finish_reason: finish?.reason ?? 'stop',
      },
    ],
    usage: finish?.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/**
 * The reply as `chat.completion.chunk` objects: the role first, then text and tool calls as they
 * come, the finish reason, and (when asked for) a last chunk with the usage and no choices. A
 * failure midway is an `error` object, as OpenAI sends one, after which the stream ends.
 */
export async function* completionChunks(
  { events, model }: TCompletionInput,
  includeUsage: boolean,
): AsyncGenerator<object> {
  const base = { ...header(model), object: 'chat.completion.chunk' as const };
  const usageField = includeUsage ? { usage: null } : {};
  const chunk = (delta: object, finishReason: TFinishReason | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...usageField,
  });
  yield chunk({ role: 'assistant', content: '' });
  for await (const event of events) {
    if (event.type === 'text') yield chunk({ content: event.text });
    else if (event.type === 'tool_call') yield chunk({ tool_calls: [event.call] });
    else if (event.type === 'error') {
      yield openAiErrorBody(replyError(event.error));
      return;
    } else {
      yield chunk({}, event.reason);
      if (includeUsage) yield { ...base, choices: [], usage: event.usage };
    }
  }
}
