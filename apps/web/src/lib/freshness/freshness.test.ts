import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, isNewBuildAvailable, startFreshnessChecks } from './freshness';
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from './reload-guard';
import { reloadOnNextNavigation, type TNavigationSource } from './reload-on-navigation';

const manifest = (id: string) => ({ id, builtAt: '2025-01-01T00:00:00.000Z' });

describe('isNewBuildAvailable', () => {
  it('compares the manifest id with the running build', async () => {
    await expect(isNewBuildAvailable(async () => manifest('a'), 'a')).resolves.toBe(false);
    await expect(isNewBuildAvailable(async () => manifest('b'), 'a')).resolves.toBe(true);
  });

  it('answers false when offline or the manifest is malformed', async () => {
    await expect(isNewBuildAvailable(() => Promise.reject(new Error('x')), 'a')).resolves.toBe(
      false,
    );
    await expect(isNewBuildAvailable(async () => ({ nope: 1 }), 'a')).resolves.toBe(false);
  });
});

describe('startFreshnessChecks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks once an hour and reports a new build once', async () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    let deployed = 'a';
    const fetchLatest = vi.fn(async () => manifest(deployed));
    const onStale = vi.fn();
    startFreshnessChecks({ fetchLatest, currentId: 'a', onStale });

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onStale).not.toHaveBeenCalled();

    deployed = 'b';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onStale).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(2); // stopped after the first hit
  });

  it('stops when asked', async () => {
    const fetchLatest = vi.fn(async () => manifest('a'));
    const stop = startFreshnessChecks({ fetchLatest, currentId: 'a', onStale: vi.fn() });
    stop();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).not.toHaveBeenCalled();
  });
});

describe('claimReload', () => {
  const memoryStorage = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
  };

  it('allows one reload per 10 s window', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_000 + 9_999)).toBe(false);
    expect(claimReload(storage, 1_000_000 + 10_000)).toBe(true);
  });

  it('ignores garbage and timestamps from the future', () => {
    const storage = memoryStorage();
    storage.setItem('flowsmith:chunk-reload-at', 'nonsense');
    expect(claimReload(storage, 5_000)).toBe(true);
    storage.setItem('flowsmith:chunk-reload-at', '99999999');
    expect(claimReload(storage, 5_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadOnNextNavigation', () => {
  it('does a full load of the next navigation target once stale', () => {
    let listener: Parameters<TNavigationSource['subscribe']>[0] = () => {};
    const router: TNavigationSource = { subscribe: (fn) => ((listener = fn), () => {}) };
    let stale = false;
    const assign = vi.fn();
    reloadOnNextNavigation(router, () => stale, assign);

    listener({ navigation: { location: { pathname: '/project', search: '', hash: '' } } });
    expect(assign).not.toHaveBeenCalled();

    stale = true;
    listener({ navigation: { location: undefined } });
    expect(assign).not.toHaveBeenCalled();
    listener({
      navigation: { location: { pathname: '/req-logs', search: '?page=2', hash: '#x' } },
    });
    listener({ navigation: { location: { pathname: '/other', search: '', hash: '' } } });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/req-logs?page=2#x');
  });
});
