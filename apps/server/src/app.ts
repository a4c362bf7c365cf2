import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config/config';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { TDatabase } from './db/database';
import { loggerOptions, type TLogStream } from './lib/logger-options';
import { accountRoutes } from './modules/account/account.routes';
import { appsRoutes } from './modules/apps/apps.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { canvasRoutes } from './modules/canvas/canvas.routes';
import { customAisRoutes } from './modules/custom-ais/custom-ais.routes';
import { databasesRoutes } from './modules/databases/databases.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { mcpServerRoutes } from './modules/mcp/mcp-server.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { logAiSdkWarnings } from './modules/models/model-logging';
import { modelsRoutes } from './modules/models/models.routes';
import { openAiRoutes } from './modules/openai-api/openai-api.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { runApiRoutes } from './modules/publishing/run-api.routes';
import { reqLogsRoutes } from './modules/req-logs/req-logs.routes';
import { resourcesRoutes } from './modules/resources/resources.routes';
import { runsRoutes } from './modules/runs/runs.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authenticate, authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { errorHandlingPlugin } from './plugins/error-handling';
import { filesPlugin } from './plugins/files';
import { inputGuardsPlugin } from './plugins/input-guards';
import { mailPlugin } from './plugins/mail';
import { mcpPlugin } from './plugins/mcp';
import { modelsPlugin } from './plugins/models';
import { openApiDocsRoute, openApiPlugin } from './plugins/openapi';
import { paymentsPlugin } from './plugins/payments';
import { rateLimitPlugin } from './plugins/rate-limit';
import { realtimePlugin } from './plugins/realtime';
import { RequestLogController } from './plugins/request-logging';
import { runJobsPlugin } from './plugins/run-jobs';
import { compressionPlugin } from './plugins/compression';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
  }
}

export type TBuildOptions = {
  config: TConfig;
  database: TDatabase;
  secretKey: string;
  logger?: boolean;
  /** Receives the log's JSON lines instead of stdout, e.g. to read them in tests. */
  logStream?: TLogStream;
  /** Sees every route as it is added, e.g. for a test that walks the route table. */
  onRoute?: (route: RouteOptions) => void;
  /** A worker executes runs and has no API or web app (it never listens). */
  role?: 'server' | 'worker';
};

/** Every module of the API, each a Fastify plugin of routes over its service. */
const modules = [
  authRoutes,
  accountRoutes,
  projectsRoutes,
  usersRoutes,
  canvasRoutes,
  databasesRoutes,
  reqLogsRoutes,
  modelsRoutes,
  filesRoutes,
  runsRoutes,
  publishingRoutes,
  runApiRoutes,
  appsRoutes,
  customAisRoutes,
  mcpRoutes,
  billingRoutes,
  homeRoutes,
  templatesRoutes,
  resourcesRoutes,
];

/** The API scope: every request is authenticated first (unless its route is public). */
async function api(app: FastifyInstance) {
  app.addHook('onRequest', authenticate);
  await app.register(openApiDocsRoute);
  for (const module of modules) await app.register(module);
}

/** Builds the whole application without listening, so tests can use `inject`. */
export async function buildApp({
  config,
  database,
  secretKey,
  logger = true,
  logStream,
  onRoute,
  role = 'server',
}: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, logStream) : false,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  logAiSdkWarnings(app.log);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; anything else is a 415.
  app.removeContentTypeParser('text/plain');

  await app.register(errorHandlingPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(fastifyCookie);
  await app.register(databasePlugin, { database });
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin, { secretKey });
  await app.register(realtimePlugin, { secretKey });
  await app.register(filesPlugin);
  await app.register(modelsPlugin, { secretKey });
  await app.register(mcpPlugin, { secretKey });
  await app.register(runJobsPlugin);
  await app.register(paymentsPlugin);
  if (role === 'worker') return app;

  await app.register(openApiPlugin);
  // Outside the API scope: a health check has no caller to look up.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(api, { prefix: '/api' });
  await app.register(openAiRoutes, { prefix: '/v1' });
  await app.register(mcpServerRoutes, { prefix: '/mcp' });
  await app.register(spaPlugin);
  return app;
}
