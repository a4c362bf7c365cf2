import { queryOptions } from '@tanstack/react-query';
import { runnableGroupKinds, type TNodeGroup } from '@flowsmith/shared';
import { canvasKeys, nodeGroupsApi, nodesApi } from './canvas';

// Apart from the canvas's calls, which start before the node catalog's code has loaded.

export type TRunnableGroup = { id: string; name: string };

/** The project's groups whose node is of a runnable kind, by name. */
export function runnableGroups(
  groups: readonly TNodeGroup[],
  runnableNodeIds: ReadonlySet<string>,
): TRunnableGroup[] {
  return groups
    .filter((group) => runnableNodeIds.has(group.nodeId))
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The project's runnable workflows: its groups whose node is of a runnable kind (AI, AI image or UI group). */
export const workflowsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: canvasKeys.workflows(projectId),
    queryFn: async ({ signal }) => {
      const [groups, ...nodePages] = await Promise.all([
        nodeGroupsApi.listAll({ projectId }, { signal }),
        ...runnableGroupKinds.map((type) => nodesApi.listAll({ projectId, type }, { signal })),
      ]);
      const nodeIds = new Set(nodePages.flatMap((page) => page.items.map((node) => node.id)));
      return runnableGroups(groups.items, nodeIds);
    },
  });
