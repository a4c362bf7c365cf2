/** Constants of the loading bar, word for word from the product spec (§9). */
export const loadingBarTiming = {
  /** Navigations faster than this never show the bar, so quick page switches do not flicker. */
  throttleMs: 200,
  /** Time the bar takes to crawl to its cap while the navigation is still pending. */
  durationMs: 2000,
  tickMs: 100,
  /** How long the full bar stays before it fades away. */
  fadeAfterMs: 500,
  heightPx: 3,
} as const;

/** Below 100 %: a pending navigation must never look finished. */
export const LOADING_BAR_CAP = 0.9;

export type TLoadingBarState = {
  /** 0..1 width of the bar. */
  progress: number;
  /** False once the bar has faded out (or before it appeared). */
  visible: boolean;
};

export type TTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const globalTimers: TTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export type TLoadingBarController = {
  /** A navigation began. Repeated calls while one is pending are ignored. */
  start(): void;
  /** The navigation finished or failed: fill the bar, then fade it out. */
  done(): void;
  getState(): TLoadingBarState;
  dispose(): void;
};

/**
 * The bar's timing as a small state machine with no React and no DOM, so it can be tested with
 * fake timers: idle -> waiting (throttle) -> running (ticks) -> finishing (full, then fade).
 */
export function createLoadingBarController(
  onChange: (state: TLoadingBarState) => void,
  timers: TTimers = globalTimers,
): TLoadingBarController {
  let state: TLoadingBarState = { progress: 0, visible: false };
  let throttle: unknown = null;
  let ticker: unknown = null;
  let fade: unknown = null;
  let elapsed = 0;

  const set = (next: TLoadingBarState) => {
    if (next.progress === state.progress && next.visible === state.visible) return;
    state = next;
    onChange(state);
  };

  const clearAll = () => {
    if (throttle !== null) timers.clearTimeout(throttle);
    if (ticker !== null) timers.clearInterval(ticker);
    if (fade !== null) timers.clearTimeout(fade);
    throttle = ticker = fade = null;
  };

  const tick = () => {
    elapsed += loadingBarTiming.tickMs;
    const share = Math.min(elapsed / loadingBarTiming.durationMs, 1);
    set({ progress: share * LOADING_BAR_CAP, visible: true });
    if (share >= 1 && ticker !== null) {
      timers.clearInterval(ticker);
      ticker = null;
    }
  };

  const show = () => {
    throttle = null;
    elapsed = 0;
    set({ progress: 0, visible: true });
    ticker = timers.setInterval(tick, loadingBarTiming.tickMs);
  };

  return {
    start() {
      if (throttle !== null || ticker !== null) return;
      // A new navigation during the fade-out restarts the bar from the throttle.
      clearAll();
      throttle = timers.setTimeout(show, loadingBarTiming.throttleMs);
    },
    done() {
      if (!state.visible) {
        // Finished inside the throttle window (or never started): nothing was shown.
        clearAll();
        return;
      }
      if (fade !== null) return;
      clearAll();
      set({ progress: 1, visible: true });
      fade = timers.setTimeout(() => {
        fade = null;
        set({ progress: 1, visible: false });
      }, loadingBarTiming.fadeAfterMs);
    },
    getState: () => state,
    dispose: clearAll,
  };
}
