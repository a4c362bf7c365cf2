import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config/config';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { TDatabase } from './db/database';
import { AppError } from './lib/app-error';
import { loggerOptions, type TLogStream } from './lib/logger-options';
import { createMailer, type TMailer } from './lib/mailer';
import { createWsTokenSigner } from './lib/ws-token';
import { createAuthRepo } from './modules/auth/auth.repo';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { checkRoutes } from './modules/health/check.routes';
import { logAiSdkWarnings } from './modules/models/model-logging';
import { graphRoutes } from './modules/canvas/graph.routes';
import { databasesRoutes } from './modules/databases/databases.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { reqLogsRoutes } from './modules/req-logs/req-logs.routes';
import { registerRunModule } from './modules/runs/runs.module';
import { resourcesRoutes } from './modules/resources/resources.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createSecretBox } from './lib/secret-box';
import { registerErrorHandling } from './plugins/error-handling';
import { registerNulGuard } from './plugins/nul-guard';
import { createRealtime, type TRealtime } from './plugins/realtime';
import { RequestLogController } from './plugins/request-logging';
import { registerRequestUser } from './plugins/request-user';
import { registerSpa } from './plugins/spa';
import { version } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: TRealtime;
  }
}

export type TBuildOptions = {
  config: TConfig;
  database: TDatabase;
  secretKey: string;
  /** Replaces the SMTP/outbox mailer, e.g. to capture mail in tests. */
  mailer?: TMailer;
  logger?: boolean;
  /** Receives the log's JSON lines instead of stdout, e.g. to read them in tests. */
  logStream?: TLogStream;
};

/** Builds the whole application without listening, so tests can use `inject`. */
export async function buildApp({
  config,
  database,
  secretKey,
  mailer,
  logger = true,
  logStream,
}: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, logStream) : false,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  logAiSdkWarnings(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON only; anything else is a 415.
  app.removeContentTypeParser('text/plain');
  registerNulGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new AppError('rate_limited', 'Too many attempts, try again in a minute'),
  });

  const wsTokens = createWsTokenSigner(secretKey);
  const auth = createAuthService({
    repo: createAuthRepo(database.db),
    mailer:
      mailer ??
      createMailer({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: app.log,
      }),
    publicUrl: config.publicUrl,
  });
  registerRequestUser(app, auth);

  const realtime = createRealtime({
    httpServer: app.server,
    wsTokens,
    findUser: auth.userById,
    log: app.log,
  });
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Flowsmith API', version },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'token' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());

  const db = database.db;
  await app.register(checkRoutes, { prefix: '/api', ping: database.ping, version });
  await app.register(authRoutes, { prefix: '/api/auth', auth, wsTokens, config });
  await app.register(projectsRoutes, { prefix: '/api', db });
  await app.register(usersRoutes, { prefix: '/api', db });
  await app.register(graphRoutes, { prefix: '/api', db });
  await app.register(reqLogsRoutes, { prefix: '/api', db });
  await app.register(databasesRoutes, { prefix: '/api', db, maxBytes: config.importMaxBytes });
  const credentialsBox = createSecretBox(secretKey, 'provider-credentials');
  await app.register(resourcesRoutes, { prefix: '/api', db, credentialsBox });

  await registerRunModule(app, { db, config, realtime, credentialsBox });
  await registerSpa(app, config.webDistDir);
  return app;
}
