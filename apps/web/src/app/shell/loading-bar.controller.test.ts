import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLoadingBarController,
  LOADING_BAR_CAP,
  type TLoadingBarState,
} from './loading-bar.controller';

describe('loading bar controller', () => {
  let states: TLoadingBarState[];
  let bar: ReturnType<typeof createLoadingBarController>;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = createLoadingBarController((state) => states.push(state));
  });

  afterEach(() => {
    bar.dispose();
    vi.useRealTimers();
  });

  it('shows nothing for a navigation that ends within the 200 ms throttle', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    bar.done();
    vi.advanceTimersByTime(5000);
    expect(states).toEqual([]);
    expect(bar.getState().visible).toBe(false);
  });

  it('appears at 200 ms and advances every 100 ms over 2000 ms', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    expect(bar.getState()).toEqual({ progress: 0, visible: true });

    vi.advanceTimersByTime(100);
    expect(bar.getState().progress).toBeCloseTo(LOADING_BAR_CAP * 0.05);
    vi.advanceTimersByTime(900);
    expect(bar.getState().progress).toBeCloseTo(LOADING_BAR_CAP * 0.5);
    vi.advanceTimersByTime(1000);
    expect(bar.getState().progress).toBeCloseTo(LOADING_BAR_CAP);

    const count = states.length;
    vi.advanceTimersByTime(5000);
    expect(states.length).toBe(count); // stops ticking at the cap
    expect(bar.getState().progress).toBeLessThan(1);
  });

  it('completes on finish and fades out 500 ms later', () => {
    bar.start();
    vi.advanceTimersByTime(700);
    bar.done();
    expect(bar.getState()).toEqual({ progress: 1, visible: true });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ progress: 1, visible: false });
  });

  it('ignores a second start while pending and restarts after finishing', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.start();
    vi.advanceTimersByTime(50);
    expect(bar.getState().visible).toBe(true);

    bar.done();
    vi.advanceTimersByTime(200);
    bar.start(); // new navigation during the fade
    vi.advanceTimersByTime(200);
    expect(bar.getState()).toEqual({ progress: 0, visible: true });
  });
});
