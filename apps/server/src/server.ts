import { loadConfig } from './config/config';
import { openDatabase, PGLITE_TEMPLATE } from './db/database';
import { lockDataDir } from './lib/data-dir-lock';
import { closeOnSignals, exitOnStartFailure } from './process-lifecycle';
import { resolveSecretKey } from './lib/secret-key';
import path from 'node:path';

async function main(): Promise<void> {
  const config = loadConfig();
  const releaseLock = config.databaseUrl
    ? undefined
    : await lockDataDir(config.dataDir, {
        onLost(error) {
          // Two servers writing one embedded database would corrupt it: this one stops.
          console.error(`${error.message}; stopping.`);
          process.exit(1);
        },
      });
  const opening = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), template: PGLITE_TEMPLATE },
  );
  opening.catch(() => undefined);
  // The app's modules (Fastify, every route, the model SDKs) load on this thread while the
  // embedded database starts on its own (which on a first start copies its template folder).
  const appModule = import('./app');
  appModule.catch(() => undefined);
  const database = await opening;
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database, secretKey });

  closeOnSignals(
    app,
    async () => {
      await database.close();
      await releaseLock?.();
    },
    config.shutdownGraceMs,
  );

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Flowsmith is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'PostgreSQL'}, mail: ${config.smtpUrl ? 'SMTP' : 'server log'})`,
  );
}

main().catch(exitOnStartFailure('Flowsmith'));
