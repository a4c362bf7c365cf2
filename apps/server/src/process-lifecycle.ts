import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config/config';
import { DatabaseUnreachableError } from './db/database';
import { DataDirLockedError } from './lib/data-dir-lock';

// A close that hangs (a stuck connection) must not keep a stopping process alive.
const FORCE_EXIT_MS = 10_000;

/** Closes the app, then `release` (database, lock), on SIGINT or SIGTERM, and exits. */
export function closeOnSignals(app: FastifyInstance, release: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), FORCE_EXIT_MS).unref();
    try {
      await app.close();
      await release();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Says why a process could not start: one sentence for what an operator fixes, else the error. */
export function exitOnStartFailure(what: string) {
  return (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof DatabaseUnreachableError
    ) {
      console.error(error.message);
    } else {
      console.error(`${what} failed to start:`, error);
    }
    process.exit(1);
  };
}
