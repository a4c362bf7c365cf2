import { queryOptions } from '@tanstack/react-query';
import type {
  TGraphDiff,
  TGroupPublication,
  TGroupPublicationUpdate,
  TGroupVersion,
  TGroupVersionList,
  TPublicApp,
} from '@flowsmith/shared';
import { apiRequest } from '../api';

const groupPath = (groupId: string, rest: string) =>
  `/api/node_groups/${encodeURIComponent(groupId)}${rest}`;

/** A group's versions and publication (editors publish and restore; members read). */
export const publishingApi = {
  versions: (groupId: string, signal?: AbortSignal) =>
    apiRequest<TGroupVersionList>(groupPath(groupId, '/versions'), { signal }),
  publish: (groupId: string, note: string) =>
    apiRequest<{ version: TGroupVersion; publication: TGroupPublication }>(
      groupPath(groupId, '/versions'),
      { method: 'POST', body: { note } },
    ),
  diff: (groupId: string, versionId: string, signal?: AbortSignal) =>
    apiRequest<TGraphDiff>(groupPath(groupId, `/versions/${versionId}/diff`), { signal }),
  restore: (groupId: string, versionId: string) =>
    apiRequest<{ restored: TGroupVersion }>(groupPath(groupId, `/versions/${versionId}/restore`), {
      method: 'POST',
      body: {},
    }),
  update: (groupId: string, patch: TGroupPublicationUpdate) =>
    apiRequest<TGroupPublication>(groupPath(groupId, '/publication'), {
      method: 'PUT',
      body: patch,
    }),
  unpublish: (groupId: string) =>
    apiRequest<void>(groupPath(groupId, '/publication'), { method: 'DELETE' }),
};

export const publishingKeys = {
  all: ['publishing'] as const,
  versions: (groupId: string) => [...publishingKeys.all, 'versions', groupId] as const,
  diff: (groupId: string, versionId: string) =>
    [...publishingKeys.all, 'diff', groupId, versionId] as const,
  app: (slug: string) => [...publishingKeys.all, 'app', slug] as const,
};

export const groupVersionsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: publishingKeys.versions(groupId),
    queryFn: ({ signal }) => publishingApi.versions(groupId, signal),
  });

export const versionDiffQueryOptions = (groupId: string, versionId: string) =>
  queryOptions({
    queryKey: publishingKeys.diff(groupId, versionId),
    queryFn: ({ signal }) => publishingApi.diff(groupId, versionId, signal),
    staleTime: 0,
  });

/** What a visitor sees of a published app. */
export const publicAppQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: publishingKeys.app(slug),
    queryFn: ({ signal }) =>
      apiRequest<TPublicApp>(`/api/apps/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });
