import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGroupRunRequest, ZGroupRunResult, ZIdParams } from '@flowsmith/shared';
import { sendEventStream } from './event-stream';
import { groupRunEvents, groupRunResult } from './group-runs';
import { startGroupRun } from './run-api.service';

const wantsStream = (request: FastifyRequest, stream: boolean) =>
  stream || (request.headers.accept ?? '').includes('text/event-stream');

/** `POST /api/v1/groups/{id}/run`: runs a group's published version, as JSON or as events. */
export async function runApiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, runJobs } = app;

  r.post(
    '/v1/groups/:id/run',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['run API'],
        summary: "Run a group's published version",
        description:
          'Runs the published version of a group (never the draft) with the given inputs, by name. ' +
          'Answers when the run has finished, or, with `stream: true` or `Accept: text/event-stream`, ' +
          'streams Server-Sent Events: `run` ({runId, version}), `token` ({output, delta}) for each ' +
          'piece of an answer, and `done` (the same object as the JSON answer).',
        security: [{ apiKey: [] }],
        params: ZIdParams,
        body: ZGroupRunRequest,
        response: { 200: ZGroupRunResult },
      },
    },
    async (request, reply) => {
      const { published, runId } = await startGroupRun(
        db,
        runJobs.queue,
        request.user,
        request.params.id,
        request.body.inputs,
      );
      if (!wantsStream(request, request.body.stream))
        return groupRunResult(runJobs.executor, published, runId);
      await sendEventStream(request, reply, (signal) =>
        groupRunEvents({ db, executor: runJobs.executor }, published, runId, signal),
      );
      return reply;
    },
  );
}
