import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config/config';
import { DatabaseUnreachableError } from './db/unreachable-error';
import { DataDirLockedError } from './lib/data-dir-lock';

// A close that hangs (a stuck connection) must not keep a stopping process alive.
const FORCE_EXIT_MS = 10_000;
// How long requests still under way after the close may take to finish their answers.
const ANSWER_WAIT_MS = 5_000;

/**
 * On SIGINT or SIGTERM: stops accepting connections (requests under way go on), takes no more
 * runs and lets the running ones finish for `graceMs`, then closes the app, which interrupts the
 * runs left, and `release` (database, lock), and exits.
 */
export function closeOnSignals(
  app: FastifyInstance,
  release: () => Promise<void>,
  graceMs: number,
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), graceMs + FORCE_EXIT_MS).unref();
    try {
      // Requests under way, such as the streams of running runs, end before the process does.
      const answered = app.server.listening
        ? new Promise<void>((resolve) => app.server.close(() => resolve()))
        : Promise.resolve();
      // A keep-alive connection whose request has been answered is closed as soon as it idles.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.server.closeIdleConnections();
      await app.runJobs.wrapUp(graceMs);
      await app.close();
      await Promise.race([answered, delay(ANSWER_WAIT_MS)]);
      clearInterval(idle);
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
