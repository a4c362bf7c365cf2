/** How often the latest build manifest is fetched (spec §9: one hour). */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const LATEST_BUILD_PATH = '/builds/latest.json';

export type TFetchLatestBuild = () => Promise<unknown>;

/** The meta tag in `index.html` that names the build the page belongs to. */
const BUILD_META = 'meta[name="flowsmith-build"]';

/**
 * The id of the running build, from `index.html`. It is not compiled into the code: that would
 * give every build a new entry chunk, and returning users would download all of it again.
 */
export function currentBuildId(): string {
  return document.querySelector(BUILD_META)?.getAttribute('content') ?? '';
}

/** The `id` of a build manifest (`{id, builtAt}`), or undefined when it is not one. */
function manifestId(manifest: unknown): string | undefined {
  if (typeof manifest !== 'object' || manifest === null) return undefined;
  const { id } = manifest as { id?: unknown };
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Fetches the manifest and answers whether a different build is deployed. A failed fetch or a
 * malformed manifest answers false: being offline must not trigger reloads.
 */
export async function isNewBuildAvailable(
  fetchLatest: TFetchLatestBuild,
  currentId: string,
): Promise<boolean> {
  try {
    const latest = manifestId(await fetchLatest());
    return latest !== undefined && latest !== currentId;
  } catch {
    return false;
  }
}

export type TIntervalTimers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

/**
 * Checks every `intervalMs` and calls `onStale` once when a new build shows up. Returns a stop
 * function. Timers are injected so tests can drive the hour with fake time.
 */
export function startFreshnessChecks(options: {
  fetchLatest: TFetchLatestBuild;
  currentId: string;
  onStale: () => void;
  intervalMs?: number;
  timers?: TIntervalTimers;
}): () => void {
  const { fetchLatest, currentId, onStale, intervalMs = BUILD_CHECK_INTERVAL_MS } = options;
  const timers: TIntervalTimers = options.timers ?? {
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  };
  let stopped = false;
  const handle = timers.setInterval(() => {
    void isNewBuildAvailable(fetchLatest, currentId).then((stale) => {
      if (!stale || stopped) return;
      stop();
      onStale();
    });
  }, intervalMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(handle);
  }
  return stop;
}

/** The browser fetch of the manifest; `no-store` so neither HTTP cache nor service worker answer. */
export async function fetchLatestBuild(): Promise<unknown> {
  const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Build manifest answered ${response.status}`);
  return response.json() as Promise<unknown>;
}
