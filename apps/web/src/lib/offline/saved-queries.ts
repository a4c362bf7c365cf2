import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { del, get, set } from 'idb-keyval';
import type { TUser } from '@flowsmith/shared';
import { authKeys } from '../auth/auth-queries';
import { currentBuildId } from '../freshness/freshness';
import { withEarlierQueries } from './merge-saved';
import { showingSavedData } from './saved-data-state';

/** localStorage: the user whose queries this browser keeps (one at a time). */
const SAVED_USER = 'flowsmith.saved-queries-user';
const keyOf = (userId: string) => `flowsmith-queries:${userId}`;
const MAX_AGE_MS = 7 * 24 * 3_600_000;

const storage = {
  getItem: async (key: string) => (await get<string>(key)) ?? null,
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

const persisterOf = (userId: string) =>
  createAsyncStoragePersister({ storage, key: keyOf(userId), throttleTime: 1_000 });

const signedInUser = (client: QueryClient) => client.getQueryData<TUser | null>(authKeys.me());

/** Saves the user's queries together with those saved on earlier page loads. */
function accumulatingPersister(client: QueryClient, userId: string): Persister {
  const base = persisterOf(userId);
  let earlier: Promise<PersistedClient | undefined> = Promise.resolve(base.restoreClient()).catch(
    () => undefined,
  );
  return {
    ...base,
    persistClient: async (now) => {
      // Once signed out nothing is written: the saved queries are being forgotten.
      if (signedInUser(client)?.id !== userId) return;
      const merged = withEarlierQueries(now, await earlier, Date.now() - MAX_AGE_MS);
      earlier = Promise.resolve(merged);
      await base.persistClient(merged);
    },
  };
}

/**
 * Keeps the user's loaded queries in IndexedDB while they are signed in, so a reload without a
 * network shows what was last seen. Another user's saved queries are dropped first. Returns
 * the function that stops saving.
 */
export function saveQueries(client: QueryClient, userId: string): () => void {
  const previous = localStorage.getItem(SAVED_USER);
  if (previous && previous !== userId) void del(keyOf(previous));
  localStorage.setItem(SAVED_USER, userId);
  return persistQueryClientSubscribe({
    queryClient: client,
    persister: accumulatingPersister(client, userId),
    buster: currentBuildId(),
  });
}

/**
 * Puts back the saved queries of the last signed-in user, when the server cannot be reached on
 * start. Resolves with that user, or null when nothing usable was saved.
 */
export async function restoreSavedQueries(client: QueryClient): Promise<TUser | null> {
  const userId = localStorage.getItem(SAVED_USER);
  if (!userId) return null;
  await persistQueryClientRestore({
    queryClient: client,
    persister: persisterOf(userId),
    buster: currentBuildId(),
    maxAge: MAX_AGE_MS,
  });
  const user = signedInUser(client);
  if (user?.id !== userId) return null;
  // Saved data is never fresh: every query refetches once the server answers. Until then they
  // wait for the network instead of failing.
  void client.invalidateQueries({ refetchType: 'none' });
  if (!navigator.onLine) onlineManager.setOnline(false);
  showingSavedData.start(client, client.getQueryState(authKeys.me())?.dataUpdatedAt ?? 0);
  return user;
}

/** Drops the saved queries: on sign-out and when the account is deleted. */
export async function forgetSavedQueries(): Promise<void> {
  const userId = localStorage.getItem(SAVED_USER);
  localStorage.removeItem(SAVED_USER);
  if (userId) await del(keyOf(userId));
}
