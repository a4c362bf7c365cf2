import type { FastifyInstance } from 'fastify';
import { ZAppRunRequest, ZPublicApp, ZSlugParams } from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import { AppError } from '../../lib/app-error';
import { optionalUser } from '../../plugins/auth';
import { sendEventStream } from '../publishing/event-stream';
import { groupRunEvents } from '../publishing/group-runs';
import { appFor, publicApp, startAppRun } from './apps.service';
import { embedScript } from './embed-script';

// Runs a visitor may start a minute, counted per address in the database across servers.
const RUNS_PER_MINUTE = 20;

/** End-user apps of published UI groups: what the page shows, its runs, and its embed script. */
export async function appsRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'apps');
  const { runJobs } = app;

  r.get(
    '/apps/:slug',
    {
      config: { public: true },
      schema: { params: ZSlugParams, response: { 200: ZPublicApp } },
    },
    async (request) =>
      publicApp(await appFor(db, await optionalUser(app, request), request.params.slug)),
  );

  r.post(
    '/apps/:slug/run',
    {
      config: {
        public: true,
        rateLimit: { max: RUNS_PER_MINUTE, timeWindow: 60_000 },
      },
      bodyLimit: 256 * 1024,
      schema: { params: ZSlugParams, body: ZAppRunRequest },
    },
    async (request, reply) => {
      const published = await appFor(db, await optionalUser(app, request), request.params.slug);
      const run = await startAppRun(db, runJobs.queue, published, request.body.inputs);
      await sendEventStream(request, reply, (signal) =>
        groupRunEvents({ db, executor: runJobs.executor }, published, run.id, signal, true),
      );
      return reply;
    },
  );

  r.get(
    '/apps/:slug/embed.js',
    { config: { public: true }, schema: { params: ZSlugParams } },
    async (request, reply) => {
      const published = await appFor(db, undefined, request.params.slug);
      if (published.publication.access !== 'embed')
        throw new AppError('not_found', 'This app is not embeddable');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(embedScript(app.config.publicUrl, published.publication.slug));
    },
  );
}
