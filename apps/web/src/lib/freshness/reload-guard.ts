/** A reload caused by a stale chunk is not repeated within this window (spec §9: 10 s). */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'flowsmith:chunk-reload-at';

export type TGuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Claims the right to reload: true (and records the time) unless a reload was claimed less
 * than `guardMs` ago. This stops a deploy that is still missing a chunk from causing a reload
 * loop; once the guard refuses, the caller shows the error page instead.
 */
export function claimReload(
  storage: TGuardStorage,
  now: number,
  guardMs: number = RELOAD_GUARD_MS,
  key: string = RELOAD_GUARD_KEY,
): boolean {
  const last = Number(storage.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < guardMs) return false;
  storage.setItem(key, String(now));
  return true;
}

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** True for the errors browsers throw when a lazy chunk of an older build is gone. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}
