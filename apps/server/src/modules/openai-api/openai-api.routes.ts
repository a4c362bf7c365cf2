import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZChatCompletion,
  ZChatCompletionRequest,
  ZOpenAiModel,
  ZOpenAiModelList,
  ZOpenAiModelParams,
} from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';
import { authenticate } from '../../plugins/auth';
import { chatCompletion, findModel, listModels } from './openai-api.service';
import { openAiErrorBody, sendOpenAiError } from './openai-errors';

/**
 * The OpenAI-compatible API, registered at `/v1` so that OpenAI's own clients work with the
 * server's address as their base URL and a Flowsmith API key as theirs. Errors take OpenAI's
 * shape (`{error: {message, type, param, code}}`); authentication comes first, as in `/api`.
 */
export async function openAiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, ...app.models, jobs: app.runJobs, mcp: app.mcp };
  app.addHook('onRequest', authenticate);
  app.setErrorHandler(sendOpenAiError);
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        openAiErrorBody(new AppError('not_found', `No route ${request.method} ${request.url}`)),
      ),
  );

  const described = { tags: ['OpenAI-compatible API'], security: [{ apiKey: [] }] };

  r.get(
    '/models',
    {
      schema: {
        ...described,
        summary: 'List the models an API key may use',
        description: 'Custom AIs (`custom-ai/{id}`) and published groups (`group/{id}`).',
        response: { 200: ZOpenAiModelList },
      },
    },
    (request) => listModels(app.db, request.user),
  );

  r.get(
    '/models/*',
    {
      schema: {
        ...described,
        summary: 'One model',
        params: ZOpenAiModelParams,
        response: { 200: ZOpenAiModel },
      },
    },
    (request) => findModel(app.db, request.user, request.params['*']),
  );

  r.post(
    '/chat/completions',
    {
      schema: {
        ...described,
        summary: 'A chat completion from a custom AI or a published group',
        description:
          "OpenAI's chat completions: the whole reply as JSON, or, with `stream: true`, " +
          'Server-Sent Events of `chat.completion.chunk` objects as the model answers, ended by ' +
          '`data: [DONE]`. Closing the connection of a stream stops the reply.',
        body: ZChatCompletionRequest,
        response: { 200: ZChatCompletion },
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const answer = await chatCompletion(deps, request.user, request.body, abort.signal);
      if ('completion' in answer) return answer.completion;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      try {
        for await (const chunk of answer.stream)
          reply.raw.write(`data: ${JSON.stringify(chunk)}\n\n`);
      } catch (error) {
        request.log.error({ err: error }, 'the completion stream failed');
        const failed = new AppError('internal_error', 'Something went wrong on our side');
        reply.raw.write(`data: ${JSON.stringify(openAiErrorBody(failed))}\n\n`);
      }
      reply.raw.end('data: [DONE]\n\n');
    },
  );
}
