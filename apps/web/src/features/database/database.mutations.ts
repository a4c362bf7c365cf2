import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDatabaseValue, TDatabaseValueCreate, TNodeDatabase, TPage } from '@flowsmith/shared';
import {
  databaseValuesApi,
  nodeDatabasesApi,
  type TDatabaseValueUpdate,
  type TNodeDatabaseCreate,
  type TNodeDatabaseUpdate,
} from './database-api';
import { databaseKeys } from './database.queries';

/**
 * The new database goes into the cached list at once, so selecting it right after creating it
 * does not briefly show another one while the list reloads.
 */
export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNodeDatabaseCreate) => nodeDatabasesApi.create(body),
    onSuccess: (created) => {
      const key = databaseKeys.databases(created.projectId);
      queryClient.setQueryData<TPage<TNodeDatabase>>(key, (page) =>
        page
          ? {
              ...page,
              items: [...page.items, created].sort((a, b) => a.name.localeCompare(b.name)),
              total: page.total + 1,
            }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useUpdateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TNodeDatabaseUpdate }) =>
      nodeDatabasesApi.update(id, body),
    onSuccess: (saved) =>
      queryClient.invalidateQueries({ queryKey: databaseKeys.databases(saved.projectId) }),
  });
}

/** Deleting a database removes its values on the server; their cached pages go too. */
export function useDeleteDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (database: TNodeDatabase) => nodeDatabasesApi.remove(database.id),
    onSuccess: async (_data, database) => {
      queryClient.removeQueries({ queryKey: databaseKeys.values(database.id) });
      await queryClient.invalidateQueries({ queryKey: databaseKeys.databases(database.projectId) });
    },
  });
}

export function useCreateValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDatabaseValueCreate) => databaseValuesApi.create(body),
    onSuccess: (created) =>
      queryClient.invalidateQueries({ queryKey: databaseKeys.values(created.nodeDatabaseId) }),
  });
}

export function useUpdateValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDatabaseValueUpdate }) =>
      databaseValuesApi.update(id, body),
    onSuccess: (saved) =>
      queryClient.invalidateQueries({ queryKey: databaseKeys.values(saved.nodeDatabaseId) }),
  });
}

export function useDeleteValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: TDatabaseValue) => databaseValuesApi.remove(value.id),
    onSuccess: (_data, value) =>
      queryClient.invalidateQueries({ queryKey: databaseKeys.values(value.nodeDatabaseId) }),
  });
}
