import { Handle, Position } from '@xyflow/react';
import type { TNodeHandle } from '@flowsmith/shared';

type TNodePortsProps = { inputs: TNodeHandle[]; outputs: TNodeHandle[]; readOnly: boolean };

const SIDES = {
  in: {
    label: 'Inputs',
    handle: 'target',
    position: Position.Left,
    list: 'flow-node__port-list',
    port: 'flow-node__port',
  },
  out: {
    label: 'Outputs',
    handle: 'source',
    position: Position.Right,
    list: 'flow-node__port-list flow-node__port-list--out',
    port: 'flow-node__port flow-node__port--out',
  },
} as const;

/** One side's ports: the handle on the node's edge, then the label, then the type. */
function PortList({
  side,
  ports,
  readOnly,
}: {
  side: keyof typeof SIDES;
  ports: TNodeHandle[];
  readOnly: boolean;
}) {
  const { label, handle, position, list, port: portClass } = SIDES[side];
  return (
    <ul className={list} aria-label={label}>
      {ports.map((port) => {
        const edge = (
          <Handle
            type={handle}
            position={position}
            id={port.name}
            isConnectable={!readOnly}
            className={`flow-handle flow-handle--${port.type}`}
          />
        );
        const type = (
          <span className={`flow-node__port-type flow-type--${port.type}`}>{port.type}</span>
        );
        return (
          <li key={port.name} className={portClass}>
            {side === 'in' ? edge : type}
            <span className="flow-node__port-label">{port.label || port.name}</span>
            {side === 'in' ? type : edge}
          </li>
        );
      })}
    </ul>
  );
}

/** Inputs on the left, outputs on the right, each a typed handle with its label and type. */
export function NodePorts({ inputs, outputs, readOnly }: TNodePortsProps) {
  if (!inputs.length && !outputs.length) return null;
  return (
    <div className="flow-node__ports">
      <PortList side="in" ports={inputs} readOnly={readOnly} />
      <PortList side="out" ports={outputs} readOnly={readOnly} />
    </div>
  );
}
