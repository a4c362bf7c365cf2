import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDatabaseValue, TDatabaseValueCreate, TNodeDatabase, TPage } from '@flowsmith/shared';
import {
  databaseKeys,
  databaseValuesApi,
  nodeDatabasesApi,
  type TDatabaseValueUpdate,
  type TNodeDatabaseCreate,
  type TNodeDatabaseUpdate,
} from '../../lib/queries/databases';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';

/**
 * The new database goes into the cached list at once, so selecting it right after creating it
 * does not briefly show another one while the list reloads.
 */
export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNodeDatabaseCreate) => nodeDatabasesApi.create(body),
    onSuccess: (created) => {
      const key = databaseKeys.list(created.projectId);
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

export const useUpdateDatabase = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: TNodeDatabaseUpdate }) => nodeDatabasesApi.update(id, body),
    (saved) => [databaseKeys.list(saved.projectId)],
  );

/** Deleting a database removes its values on the server; their cached pages go too. */
export const useDeleteDatabase = () =>
  useRefreshingMutation(
    (database: TNodeDatabase) => nodeDatabasesApi.remove(database.id),
    (_data, database) => [databaseKeys.list(database.projectId)],
    (_data, database) => [databaseKeys.values(database.id)],
  );

export const useCreateValue = () =>
  useRefreshingMutation(
    (body: TDatabaseValueCreate) => databaseValuesApi.create(body),
    (created) => [databaseKeys.values(created.nodeDatabaseId)],
  );

export const useUpdateValue = () =>
  useRefreshingMutation(
    ({ id, body }: { id: string; body: TDatabaseValueUpdate }) =>
      databaseValuesApi.update(id, body),
    (saved) => [databaseKeys.values(saved.nodeDatabaseId)],
  );

export const useDeleteValue = () =>
  useRefreshingMutation(
    (value: TDatabaseValue) => databaseValuesApi.remove(value.id),
    (_data, value) => [databaseKeys.values(value.nodeDatabaseId)],
  );
