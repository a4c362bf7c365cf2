import { z } from 'zod';

/**
 * The OpenAI-compatible API (`/v1`): the subset of OpenAI's chat completions request that
 * Flowsmith answers. Unknown fields are ignored, as OpenAI-compatible servers do, so clients
 * that send `top_p`, `user` or `seed` work unchanged.
 */

const MAX_CONTENT = 200_000;

const ZTextPart = z.object({
  type: z.literal('text', { error: 'Only text parts are supported' }),
  text: z.string().max(MAX_CONTENT),
});

const ZContent = z.union([z.string().max(MAX_CONTENT), z.array(ZTextPart).max(100)], {
  error: 'Must be a string or an array of text parts',
});

const ZToolCall = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1).max(200), arguments: z.string().max(MAX_CONTENT) }),
});

export const ZOpenAiMessage = z.discriminatedUnion(
  'role',
  [
    z.object({ role: z.enum(['system', 'developer']), content: ZContent }),
    z.object({ role: z.literal('user'), content: ZContent }),
    z.object({
      role: z.literal('assistant'),
      content: ZContent.nullish(),
      tool_calls: z.array(ZToolCall).max(100).optional(),
    }),
    z.object({
      role: z.literal('tool'),
      tool_call_id: z.string().min(1).max(200),
      content: ZContent,
    }),
  ],
  { error: 'Role must be system, developer, user, assistant or tool' },
);
export type TOpenAiMessage = z.infer<typeof ZOpenAiMessage>;

export const ZOpenAiTool = z.object({
  type: z.literal('function', { error: 'Only function tools are supported' }),
  function: z.object({
    name: z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'Letters, digits, _ and -, at most 64 characters'),
    description: z.string().max(10_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type TOpenAiTool = z.infer<typeof ZOpenAiTool>;

export const ZChatCompletionRequest = z.object({
  model: z.string({ error: 'Name a model from GET /v1/models' }).min(1).max(200),
  messages: z.array(ZOpenAiMessage).min(1, 'At least one message').max(1000),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  tools: z.array(ZOpenAiTool).max(128).optional(),
  tool_choice: z
    .union([
      z.enum(['none', 'auto', 'required']),
      z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }),
    ])
    .optional(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().min(1).max(1_000_000).nullish(),
  max_completion_tokens: z.number().int().min(1).max(1_000_000).nullish(),
});
export type TChatCompletionRequest = z.infer<typeof ZChatCompletionRequest>;

export const ZOpenAiModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
  /** Not in OpenAI's shape: what people call it. */
  name: z.string(),
});
/** `GET /v1/models/{id}`: ids hold a slash, so the route takes the rest of the path. */
export const ZOpenAiModelParams = z.object({ '*': z.string().max(300) });
export const ZOpenAiModelList = z.object({
  object: z.literal('list'),
  data: z.array(ZOpenAiModel),
});
export type TOpenAiModelList = z.infer<typeof ZOpenAiModelList>;

/** OpenAI's error shape, which its clients read. */
export type TOpenAiError = {
  error: { message: string; type: string; param: string | null; code: string | null };
};

/** `POST /v1/chat/completions` without `stream`: the whole reply, in OpenAI's shape. */
export const ZChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(ZToolCall).optional(),
      }),
      logprobs: z.null(),
      finish_reason: z.enum(['stop', 'length', 'tool_calls', 'content_filter']),
    }),
  ),
  usage: z.object({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  }),
});
