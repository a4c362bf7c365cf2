import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError, openDatabase, PGLITE_TEMPLATE } from './db/database';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
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
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), template: PGLITE_TEMPLATE },
  );
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const app = await buildApp({ config, database, secretKey });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      await releaseLock?.();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Flowsmith is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'PostgreSQL'}, mail: ${config.smtpUrl ? 'SMTP' : 'server log'})`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnreachableError
  ) {
    console.error(error.message);
  } else {
    console.error('Flowsmith failed to start:', error);
  }
  process.exit(1);
});
