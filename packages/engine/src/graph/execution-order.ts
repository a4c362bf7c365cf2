export type TGraphEdge = { source: string; target: string };

export class CycleError extends Error {
  constructor(readonly nodeIds: string[]) {
    super(`The workflow has a cycle through: ${nodeIds.join(', ')}`);
    this.name = 'CycleError';
  }
}

/**
 * Groups nodes into waves: every node comes after all nodes it depends on, and the nodes of one
 * wave are independent of each other, so they may run concurrently. Throws a CycleError naming
 * the nodes that can never run.
 */
export function executionWaves(
  nodeIds: readonly string[],
  edges: readonly TGraphEdge[],
): string[][] {
  const known = new Set(nodeIds);
  const indegree = new Map(nodeIds.map((id) => [id, 0]));
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const { source, target } of edges) {
    if (!known.has(source) || !known.has(target)) continue;
    next.get(source)!.push(target);
    indegree.set(target, indegree.get(target)! + 1);
  }
  const waves: string[][] = [];
  let wave = nodeIds.filter((id) => indegree.get(id) === 0);
  let placed = 0;
  while (wave.length > 0) {
    waves.push(wave);
    placed += wave.length;
    const following: string[] = [];
    for (const id of wave) {
      for (const target of next.get(id)!) {
        const remaining = indegree.get(target)! - 1;
        indegree.set(target, remaining);
        if (remaining === 0) following.push(target);
      }
    }
    wave = following;
  }
  if (placed < nodeIds.length) {
    throw new CycleError(nodeIds.filter((id) => indegree.get(id)! > 0));
  }
  return waves;
}
