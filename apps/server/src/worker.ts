import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { resolveSecretKey } from './lib/secret-key';
import { closeOnSignals, exitOnStartFailure } from './process-lifecycle';

/**
 * `npm run worker`: executes runs from the shared PostgreSQL and serves no HTTP. Any number of
 * workers run beside any number of servers.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError([
      'DATABASE_URL must name the PostgreSQL the servers use: a worker cannot share the embedded database',
    ]);
  if (config.runs.parallelRuns === 0)
    throw new ConfigError(['RUN_CONCURRENCY must be at least 1 for a worker']);
  // The app's modules load while the database connects and checks its migrations.
  const appModule = import('./app');
  appModule.catch(() => undefined);
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database, secretKey, role: 'worker' });
  closeOnSignals(app, () => database.close(), config.shutdownGraceMs);
  await app.ready();
  app.log.info(
    `Flowsmith worker is running (queue: ${config.runs.queue}, up to ${config.runs.parallelRuns} runs at once)`,
  );
}

main().catch(exitOnStartFailure('The Flowsmith worker'));
