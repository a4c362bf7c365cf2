import { pipeUIMessageStreamToResponse } from 'ai';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZChatMessageList, ZChatRequest, ZIdParams } from '@flowsmith/shared';
import { chat, conversationMessages } from './custom-ais.service';

/**
 * Chatting with a custom AI, streamed, and a conversation's stored messages. Custom AIs, their
 * links and conversations themselves are generic resources.
 */
export async function customAisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const deps = { db, ...app.models, jobs: app.runJobs, mcp: app.mcp };
  const tags = ['custom_ais'];

  r.get(
    '/conversations/:id/messages',
    { schema: { tags, params: ZIdParams, response: { 200: ZChatMessageList } } },
    (request) => conversationMessages(db, request.user, request.params.id),
  );

  r.post(
    '/custom_ais/:id/chat',
    { schema: { tags, params: ZIdParams, body: ZChatRequest } },
    async (request, reply) => {
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const stream = await chat(deps, request.user, request.params.id, request.body, abort.signal);
      reply.hijack();
      await pipeUIMessageStreamToResponse({ response: reply.raw, stream });
    },
  );
}
