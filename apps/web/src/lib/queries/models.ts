import { queryOptions } from '@tanstack/react-query';
import type { TModelInfo } from '@flowsmith/shared';
import { apiRequest } from '../api';

/** The model list changes when someone adds, edits or removes a provider key. */
export const modelKeys = { all: ['models'] as const };

/** Every model the caller can pick, with its label, provider and kind. */
export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: modelKeys.all,
    queryFn: ({ signal }) => apiRequest<{ items: TModelInfo[] }>('/api/models', { signal }),
    // Listing a provider's models can call the provider; the list rarely changes.
    staleTime: 5 * 60_000,
  });
