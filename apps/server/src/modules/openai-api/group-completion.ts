import type { TChatCompletionRequest, TOpenAiMessage, TUser } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TRunJobs } from '../../plugins/run-jobs';
import {
  checkPublishedInputs,
  startPublishedRun,
  type TPublishedGroup,
} from '../publishing/published-groups';
import type { TReplyEvent } from './openai-completion';
import { runTokens } from './openai-api.repo';

const RUN_WAIT_MS = 5 * 60_000;

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
 * (as a run of the caller, with its request log and quota), and its outputs are the answer.
 * The run starts before the answer does, so bad inputs and a used-up quota are the request's
 * own errors; the usage is the run's model calls.
 */
export async function startGroupCompletion(
  deps: { db: TDb; jobs: TRunJobs },
  user: TUser,
  published: TPublishedGroup,
  body: TChatCompletionRequest,
): Promise<AsyncIterable<TReplyEvent>> {
  if (body.tools?.length)
    throw AppError.validation('tools', 'Only custom AIs take tools; a workflow runs as it is');
  const run = await startPublishedRun(deps.db, deps.jobs.queue, published, {
    userId: user.id,
    inputs: runInputs(published, body.messages),
  });
  return (async function* events(): AsyncGenerator<TReplyEvent> {
    const finished = await deps.jobs.executor.waitFor(run.id, RUN_WAIT_MS);
    if (finished?.status !== 'succeeded') {
      const why = finished
        ? (finished.error ?? `it ended ${finished.status}`)
        : 'it is still running';
      yield { type: 'error', error: new AppError('bad_gateway', `The workflow failed: ${why}`) };
      return;
    }
    yield { type: 'text', text: outputText((finished.outputs ?? {}) as Record<string, unknown>) };
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
  })();
}
