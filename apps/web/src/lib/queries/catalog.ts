import { queryOptions } from '@tanstack/react-query';
import { type TNodeType, type TNodeTypeParam } from '@flowsmith/shared';
import { createResourceApi } from '../api';

const nodeTypesApi = createResourceApi<TNodeType, never, never>('node_types');
const nodeTypeParamsApi = createResourceApi<TNodeTypeParam, never, never>('node_type_params');

export const catalogKeys = { all: ['catalog'] as const };

/** The node kinds and their params, as stored; the canvas indexes them with `select`. */
export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.all,
    queryFn: async ({ signal }) => {
      const [types, params] = await Promise.all([
        nodeTypesApi.listAll({ sort: 'sortOrder' }, { signal }),
        nodeTypeParamsApi.listAll({ sort: 'sortOrder' }, { signal }),
      ]);
      return { types: types.items, params: params.items };
    },
    // Catalog rows change only when an admin edits them.
    staleTime: 10 * 60_000,
  });
