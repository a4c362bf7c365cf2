import type { TCustomAiToNodeGroup } from '@flowsmith/shared';

export type TLinkChanges = { create: string[]; remove: TCustomAiToNodeGroup[] };

/** The link rows to add and to delete so that a custom AI is linked to exactly `wanted`. */
export function linkChanges(
  current: readonly TCustomAiToNodeGroup[],
  wanted: readonly string[],
): TLinkChanges {
  const wantedIds = new Set(wanted);
  const linkedIds = new Set(current.map((link) => link.nodeGroupId));
  return {
    create: [...wantedIds].filter((id) => !linkedIds.has(id)),
    remove: current.filter((link) => !wantedIds.has(link.nodeGroupId)),
  };
}

/** How many workflows each custom AI of a project is linked to, from the project's link rows. */
export function linkCounts(links: readonly TCustomAiToNodeGroup[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const link of links) counts.set(link.customAiId, (counts.get(link.customAiId) ?? 0) + 1);
  return counts;
}
