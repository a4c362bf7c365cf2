import { memo, useEffect, useRef, type CSSProperties } from 'react';
import { useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import type { TFlowNode } from '../core/flow-types';
import { useCanvasUi } from './canvas-context';
import { NodeHeader } from './node-header';
import { NodePorts } from './node-ports';
import { NodeSummaryLine } from './node-summary-line';
import { NodeRunOutput } from './run-output';

/**
 * React Flow measures handles with the node; when they change (a template gained a variable)
 * without the node changing size, it must be told, or the new handle cannot be connected.
 * Skips the first render: mounting measures anyway.
 */
function useHandleChanges(id: string, data: TFlowNode['data']) {
  const updateNodeInternals = useUpdateNodeInternals();
  const key = [...data.inputs, ...data.outputs].map((handle) => handle.name).join();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    updateNodeInternals(id);
  }, [id, key, updateNodeInternals]);
}

/**
 * Every non-group kind: the catalog gives icon and colour, `data` the rest. Memoised, and it
 * reads no store, so panning and zooming never re-render it; its run badge, output and summary
 * line are children that read only this node's slice of the run store.
 */
function WorkflowNodeView({ id, data, selected }: NodeProps<TFlowNode>) {
  const { catalog, readOnly } = useCanvasUi();
  const type = catalog.byKind.get(data.kind);
  useHandleChanges(id, data);
  return (
    <div
      className={`flow-node${selected ? ' flow-node--selected' : ''}`}
      style={{ '--node-color': type?.color ?? '#64748b' } as CSSProperties}
      data-testid="flow-node"
      data-kind={data.kind}
    >
      <NodeHeader id={id} title={data.title} type={type} />
      <NodeSummaryLine id={id} kind={data.kind} params={data.params} />
      <NodePorts inputs={data.inputs} outputs={data.outputs} readOnly={readOnly} />
      <NodeRunOutput nodeId={id} kind={data.kind} />
    </div>
  );
}

export const WorkflowNode = memo(WorkflowNodeView);
