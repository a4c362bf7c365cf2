import { memo, useRef, type CSSProperties } from 'react';
import { NodeResizer, type NodeProps } from '@xyflow/react';
import { layoutOf } from '../core/flow-mapping';
import { GROUP_MIN_SIZE, type TFlowNode, type TLayoutItem } from '../core/flow-types';
import { findNode } from '../state/canvas-updates';
import { useCanvasUi } from './canvas-context';
import { NodeHeader } from './node-header';

/** The group kinds: a resizable frame that other nodes are dragged into and out of. */
function GroupNodeView({ id, data, selected }: NodeProps<TFlowNode>) {
  const { catalog, readOnly, commands } = useCanvasUi();
  const type = catalog.byKind.get(data.kind);
  const before = useRef<TLayoutItem | null>(null);
  const color = type?.color ?? '#64748b';
  return (
    <>
      <NodeResizer
        isVisible={Boolean(selected) && !readOnly}
        minWidth={GROUP_MIN_SIZE.width}
        minHeight={GROUP_MIN_SIZE.height}
        color={color}
        onResizeStart={() => {
          const node = findNode(id);
          before.current = node ? layoutOf(node) : null;
        }}
        onResizeEnd={(_event, size) => {
          if (!before.current) return;
          const after: TLayoutItem = {
            ...before.current,
            position: { x: size.x, y: size.y },
            width: size.width,
            height: size.height,
          };
          commands.commitLayout('Resize', [before.current], [after]);
        }}
      />
      <div
        className={`flow-group${selected ? ' flow-group--selected' : ''}`}
        style={{ '--node-color': color } as CSSProperties}
        data-testid="flow-group"
        data-kind={data.kind}
      >
        <NodeHeader id={id} title={data.title} type={type} />
      </div>
    </>
  );
}

export const GroupNode = memo(GroupNodeView);
