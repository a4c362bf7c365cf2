import { loadConfig } from './config/config';
import { startEmbeddedDatabase } from './db/pglite-client';
import { PGLITE_TEMPLATE } from './db/pglite-files';
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
  const dataDir = path.join(config.dataDir, 'db');
  // The embedded database's thread starts before the rest of the server loads (the database
  // module, Fastify, every route, the model SDKs), and opens its folder meanwhile: on a first
  // start that copies the template folder.
  const started = config.databaseUrl ? undefined : startEmbeddedDatabase(dataDir, PGLITE_TEMPLATE);
  const appModule = import('./app');
  appModule.catch(() => undefined);
  const { openDatabase } = await import('./db/database');
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir, started },
  );
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
    `Flowsmith is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? dataDir : 'PostgreSQL'}, mail: ${config.smtpUrl ? 'SMTP' : 'server log'})`,
  );
}

main().catch(exitOnStartFailure('Flowsmith'));
