import { create } from 'zustand';
import type { TGraphProblem, TNodeGroup, TProjectGraph } from '@flowsmith/shared';
import type { TRunTarget } from '../../../lib/queries/runs';
import type { TFlowEdge, TFlowNode } from '../core/flow-types';
import type { TRunFormField } from '../core/run-form';
import type { TNodeAttention } from '../core/run-check';
import type { TSaveStatus } from '../core/save-queue';

export type TCanvasDialog =
  | { kind: 'node-settings'; nodeId: string }
  | { kind: 'group-settings'; nodeId: string }
  | { kind: 'publish'; nodeId: string }
  | { kind: 'edge-label'; edgeId: string }
  | { kind: 'import-report'; fileName: string; problems: TGraphProblem[] }
  | { kind: 'run'; target: TRunTarget; label: string; fields: TRunFormField[] }
  | { kind: 'run-check'; nodes: TNodeAttention[] }
  | null;

export type TCanvasState = {
  projectId: string | null;
  nodes: TFlowNode[];
  edges: TFlowEdge[];
  /** Group rows by the id of their group node. */
  groups: Record<string, TNodeGroup>;
  saveStatus: TSaveStatus;
  canUndo: boolean;
  canRedo: boolean;
  dialog: TCanvasDialog;
};

const empty: TCanvasState = {
  projectId: null,
  nodes: [],
  edges: [],
  groups: {},
  saveStatus: 'saved',
  canUndo: false,
  canRedo: false,
  dialog: null,
};

/**
 * The open canvas. React Flow renders `nodes` and `edges` from here; node views get everything
 * through their `data`, so nothing but the canvas itself subscribes to the arrays.
 */
export const useCanvasStore = create<TCanvasState>(() => ({ ...empty }));

export function resetCanvas(projectId: string | null, groups: TProjectGraph['groups'] = []) {
  useCanvasStore.setState({
    ...empty,
    projectId,
    groups: Object.fromEntries(groups.map((group) => [group.nodeId, group])),
  });
}

export const openDialog = (dialog: TCanvasDialog) => useCanvasStore.setState({ dialog });
export const closeDialog = () => useCanvasStore.setState({ dialog: null });
