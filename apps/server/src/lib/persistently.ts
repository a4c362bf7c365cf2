// SQLSTATE classes that trying again cannot fix: data exceptions, broken constraints, bad SQL.
const PERMANENT_CLASSES = new Set(['22', '23', '42']);

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Whether a failed database call may succeed later: a lost or refused connection, a restart. */
export function isTransient(error: unknown): boolean {
  const state = sqlState(error);
  return !state || !PERMANENT_CLASSES.has(state.slice(0, 2));
}

export type TPersistOptions = {
  /** Called before each wait, e.g. to log. */
  onRetry?: (error: unknown, attempt: number) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Calls `work` until it succeeds, waiting longer after each transient failure (up to
 * `maxDelayMs`); a permanent failure is thrown at once. For writes that must not be lost while
 * the database is away, such as a run's final state.
 */
export async function persistently<T>(
  work: () => Promise<T>,
  { onRetry, baseDelayMs = 100, maxDelayMs = 5_000 }: TPersistOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransient(error)) throw error;
      onRetry?.(error, attempt);
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 16));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
