import { Position, type NodeHandle } from '@xyflow/react';
import type { TNodeHandle } from '@flowsmith/shared';

/**
 * A size and handle places for a node React Flow has not measured yet, close to what the
 * node view draws (see constructor.css). With them, `onlyRenderVisibleElements` can leave
 * off-screen nodes unrendered on load instead of drawing all of them once to measure them;
 * once a node is drawn, its measured handles replace these.
 */
export const ESTIMATE = { width: 240, header: 34, summary: 34, portsPadding: 6, row: 23 };

export function estimatedBox(
  inputs: TNodeHandle[],
  outputs: TNodeHandle[],
  hasSummary: boolean,
): { width: number; height: number; handles: NodeHandle[] } {
  const top = ESTIMATE.header + (hasSummary ? ESTIMATE.summary : 0) + ESTIMATE.portsPadding;
  const rows = Math.max(inputs.length, outputs.length);
  const handle = (name: string, index: number, type: 'source' | 'target'): NodeHandle => ({
    id: name,
    type,
    position: type === 'source' ? Position.Right : Position.Left,
    x: type === 'source' ? ESTIMATE.width - 5 : -5,
    y: top + index * ESTIMATE.row + 4,
    width: 10,
    height: 10,
  });
  return {
    width: ESTIMATE.width,
    height: top + rows * ESTIMATE.row + (rows ? ESTIMATE.portsPadding : 0),
    handles: [
      ...inputs.map((input, index) => handle(input.name, index, 'target')),
      ...outputs.map((output, index) => handle(output.name, index, 'source')),
    ],
  };
}
