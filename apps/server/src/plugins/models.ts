import fp from 'fastify-plugin';
import { createSecretBox, type TSecretBox } from '../lib/secret-box';
import { createUsageMeter, type TUsageMeter } from '../modules/billing/quotas';
import { createModelResolver, type TModelResolver } from '../modules/models/model-resolver';
import { createRequestLog, type TRequestLog } from '../modules/models/request-log';

declare module 'fastify' {
  interface FastifyInstance {
    models: {
      resolver: TModelResolver;
      /** Writes the request-log row of a model call and shows it live. */
      requestLog: TRequestLog;
      /** Admits each model call against quotas and budgets before it is made. */
      meter: TUsageMeter;
      /** Seals and opens the API keys of users' provider credentials. */
      credentials: TSecretBox;
    };
  }
}

/** Model calls: which models exist and how to reach them, and the log of every call. */
export const modelsPlugin = fp<{ secretKey: string }>(
  async (app, { secretKey }) => {
    const credentials = createSecretBox(secretKey, 'provider-credentials');
    const meter = createUsageMeter(app.db, app.realtime);
    app.decorate('models', {
      resolver: createModelResolver({ config: app.config, db: app.db, box: credentials }),
      requestLog: createRequestLog(app.db, app.realtime, meter),
      meter,
      credentials,
    });
  },
  { name: 'models', dependencies: ['database', 'realtime'] },
);
