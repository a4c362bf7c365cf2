import type { TChatCompletionRequest, TOpenAiMessage, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import { followRunOrCancel } from '../runs/follow-run';
import { answeringNodes } from '../publishing/group-runs';
import {
  checkPublishedInputs,
  startPublishedRun,
  type TPublishedGroup,
} from '../publishing/published-groups';
import type { TReplyEvent } from './openai-completion';
import { runTokens } from './openai-api.repo';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

const textOf = (content: TOpenAiMessage['content'] | null | undefined) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text).join('');

/**
 * A run's inputs from a chat: the last user message is the value of a group's only input, or,
 * for a group with several, a JSON object of them. The 400 names that message.
 */
function runInputs(published: TPublishedGroup, messages: TOpenAiMessage[]) {
  const index = messages.findLastIndex((m) => m.role === 'user');
  const field = `messages.${index}.content`;
  if (index < 0) throw AppError.validation('messages', 'A workflow needs a user message');
  const text = textOf(messages[index]!.content);
  const only = published.inputs.length === 1 ? published.inputs[0] : undefined;
  if (only) return { [only.name]: only.valueType === 'number' ? Number(text) : text };
  if (published.inputs.length === 0) return {};
  const names = published.inputs.map((input) => input.name).join(', ');
  let inputs: unknown;
  try {
    inputs = JSON.parse(text);
  } catch {
    inputs = undefined;
  }
  if (!inputs || typeof inputs !== 'object' || Array.isArray(inputs))
    throw AppError.validation(field, `This workflow takes ${names}: send them as a JSON object`);
  return checkPublishedInputs(published, inputs as Record<string, unknown>, field);
}

/** A run's outputs as the reply's text: a single output as it is, several as JSON. */
function outputText(outputs: Record<string, unknown>) {
  const values = Object.values(outputs);
  if (values.length === 1 && typeof values[0] === 'string') return values[0];
  return JSON.stringify(values.length === 1 ? values[0] : outputs);
}

/**
 * A chat completion from a published group: the last user message runs its published version
 * (as a run of the caller, with its request log and quota), and its outputs are the answer; a
 * streamed one sends the tokens of a single output as the model gives them. The run starts
 * before the answer does, so bad inputs and a used-up quota are the request's own errors; the
 * usage is the run's model calls. A caller that goes away (`signal`) cancels the run.
 */
export async function startGroupCompletion(
  deps: { db: TDb; jobs: TRunJobs },
  user: TUser,
  published: TPublishedGroup,
  body: TChatCompletionRequest,
  signal: AbortSignal,
): Promise<AsyncIterable<TReplyEvent>> {
  if (body.tools?.length)
    throw AppError.validation('tools', 'Only custom AIs take tools; a workflow runs as it is');
  const run = await startPublishedRun(deps.db, deps.jobs.queue, published, {
    userId: user.id,
    inputs: runInputs(published, body.messages),
  });
  // Several outputs are answered as one JSON object, which only exists at the end.
  const answering =
    body.stream && published.outputs.length === 1 ? answeringNodes(published) : new Map();
  return (async function* events(): AsyncGenerator<TReplyEvent> {
    let streamed = false;
    const follow = { db: deps.db, executor: deps.jobs.executor };
    for await (const event of followRunOrCancel(follow, run.id, signal)) {
      if (event.type === 'node-token' && answering.has(event.nodeId) && event.delta) {
        streamed = true;
        yield { type: 'text', text: event.delta };
      }
      if (event.type !== 'run-status' || !FINISHED.has(event.status)) continue;
      if (event.status !== 'succeeded') {
        const why = event.error ?? `it ended ${event.status}`;
        yield { type: 'error', error: new AppError('bad_gateway', `The workflow failed: ${why}`) };
        return;
      }
      if (!streamed) yield { type: 'text', text: outputText(event.outputs ?? {}) };
      const tokens = await runTokens(deps.db, run.id);
      yield {
        type: 'finish',
        reason: 'stop',
        usage: {
          prompt_tokens: tokens.input,
          completion_tokens: tokens.output,
          total_tokens: tokens.input + tokens.output,
        },
      };
    }
  })();
}
