/**
 * The database's health, probed at most once per `maxAgeMs` however often it is asked, so
 * health checks cost the database nothing under load and never queue behind other work.
 * While the last probe succeeded, callers get that answer at once and a fresh probe runs in
 * the background when it is due; after a failure, or before the first probe, callers wait for
 * a probe (shared by everyone asking meanwhile), so a recovery is seen on the next check.
 */
export function createHealthProbe(
  ping: () => Promise<boolean>,
  { maxAgeMs = 1_000, timeoutMs = 2_000, now = () => performance.now() } = {},
) {
  let last: { ok: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;

  const probe = () =>
    (running ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      // A database that does not answer (a lost connection, a full pool) counts as down.
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const ok = await Promise.race([ping().catch(() => false), timeout]);
      clearTimeout(timer);
      last = { ok, at: now() };
      running = undefined;
      return ok;
    })());

  return {
    /**
     * Whether the database answered its latest probe: `true` at once while it did (no promise
     * to wait for), else the answer of a probe.
     */
    databaseOk(): boolean | Promise<boolean> {
      if (!last?.ok) return probe();
      if (now() - last.at >= maxAgeMs) void probe();
      return true;
    },
  };
}
