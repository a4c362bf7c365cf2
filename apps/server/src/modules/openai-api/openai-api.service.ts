import type { TChatCompletionRequest, TOpenAiModelList, TUser } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import {
  assistantTools,
  chattableAssistant,
  resolveAssistantModel,
  streamReply,
  type TReplyDeps,
} from '../custom-ais/assistant-reply';
import { projectAccess } from '../projects/project-access';
import { loadPublishedGroup } from '../publishing/published-groups';
import { startGroupCompletion } from './group-completion';
import { completionChunks, completionOf, replyEvents, type TReplyEvent } from './openai-completion';
import { clientTools, lastUserText, toModelMessages, toolChoiceOf } from './openai-messages';
import * as repo from './openai-api.repo';

const CUSTOM_AI = 'custom-ai/';
const GROUP = 'group/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const modelNotFound = () =>
  new AppError('not_found', 'No such model: GET /v1/models lists the ones you can use', [
    { field: 'model', message: 'No such model' },
  ]);

const asModel =
  (prefix: string) =>
  (row: { id: string; name: string; createdAt: Date; projectName: string }) => ({
    id: `${prefix}${row.id}`,
    object: 'model' as const,
    created: Math.floor(row.createdAt.getTime() / 1000),
    owned_by: row.projectName,
    name: row.name,
  });

/**
 * The models an API key may name: the custom AIs and the published groups of the projects its
 * user edits.
 */
export async function listModels(db: TReplyDeps['db'], user: TUser): Promise<TOpenAiModelList> {
  const [assistants, groups] = await Promise.all([
    repo.chattableAssistants(db, user.id),
    repo.runnablePublishedGroups(db, user.id),
  ]);
  return {
    object: 'list',
    data: [...assistants.map(asModel(CUSTOM_AI)), ...groups.map(asModel(GROUP))],
  };
}

/** A published group the caller may run (an editor of its project), or the model's 404. */
async function runnableGroup(db: TReplyDeps['db'], user: TUser, id: string) {
  const published = UUID.test(id) ? await loadPublishedGroup(db, id) : undefined;
  const role = published && (await projectAccess.roleOf(db, user.id, published.projectId));
  if (!published || !role) throw modelNotFound();
  await projectAccess.require(db, user, published.projectId, 'editor');
  return published;
}

/** One of the models an API key may name, or a 404. */
export async function findModel(db: TReplyDeps['db'], user: TUser, id: string) {
  const found = (await listModels(db, user)).data.find((model) => model.id === id);
  if (!found) throw modelNotFound();
  return found;
}

/** A chat completion from a custom AI or a published group, whole or streamed. */
export async function chatCompletion(
  deps: TReplyDeps,
  user: TUser,
  body: TChatCompletionRequest,
  signal: AbortSignal,
) {
  const events = body.model.startsWith(GROUP)
    ? await startGroupCompletion(
        deps,
        user,
        await runnableGroup(deps.db, user, body.model.slice(GROUP.length)),
        body,
        signal,
      )
    : await assistantEvents(deps, user, body, signal);
  const input = { events, model: body.model };
  return body.stream
    ? { stream: completionChunks(input, body.stream_options?.include_usage === true) }
    : { completion: await completionOf(input) };
}

/**
 * A custom AI's reply, with the messages the client keeps (nothing is stored but the request
 * log). It runs as a chat in the app does: the custom AI's prompt, model and linked workflows,
 * each model call admitted against quotas and logged. The client's tools come back as tool
 * calls for it to run.
 */
async function assistantEvents(
  deps: TReplyDeps,
  user: TUser,
  body: TChatCompletionRequest,
  signal: AbortSignal,
): Promise<AsyncIterable<TReplyEvent>> {
  const id = body.model.startsWith(CUSTOM_AI) ? body.model.slice(CUSTOM_AI.length) : '';
  if (!UUID.test(id)) throw modelNotFound();
  const assistant = await chattableAssistant(deps.db, user, id, modelNotFound);
  const resolved = await resolveAssistantModel(deps, assistant, user.id, 'model');
  const messages = toModelMessages(body.messages);
  const own = await assistantTools(deps, user, assistant);
  const theirs = clientTools(body.tools, own);
  const context = { userId: user.id, projectId: assistant.projectId, customAiId: assistant.id };
  // Admitted before the answer starts, so a used-up quota is the request's own error.
  await deps.meter.admit(context);
  const toolChoice = toolChoiceOf(body.tool_choice);
  const result = streamReply(deps, {
    assistant,
    resolved,
    context,
    messages,
    tools: { ...own, ...theirs },
    ...(toolChoice ? { toolChoice } : {}),
    prompt: lastUserText(body.messages),
    signal,
    temperature: body.temperature,
    maxTokens: body.max_completion_tokens ?? body.max_tokens,
  });
  return replyEvents(result, new Set(Object.keys(theirs)));
}
