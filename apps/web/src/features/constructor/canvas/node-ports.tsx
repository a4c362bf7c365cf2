import { Handle, Position } from '@xyflow/react';
import type { TNodeHandle } from '@flowsmith/shared';

type TNodePortsProps = { inputs: TNodeHandle[]; outputs: TNodeHandle[]; readOnly: boolean };

/** Inputs on the left, outputs on the right, each a typed handle with its label and type. */
export function NodePorts({ inputs, outputs, readOnly }: TNodePortsProps) {
  if (!inputs.length && !outputs.length) return null;
  return (
    <div className="flow-node__ports">
      <ul className="flow-node__port-list" aria-label="Inputs">
        {inputs.map((input) => (
          <li key={input.name} className="flow-node__port">
            <Handle
              type="target"
              position={Position.Left}
              id={input.name}
              isConnectable={!readOnly}
              className={`flow-handle flow-handle--${input.type}`}
            />
            <span className="flow-node__port-label">{input.label || input.name}</span>
            <span className={`flow-node__port-type flow-type--${input.type}`}>{input.type}</span>
          </li>
        ))}
      </ul>
      <ul className="flow-node__port-list flow-node__port-list--out" aria-label="Outputs">
        {outputs.map((output) => (
          <li key={output.name} className="flow-node__port flow-node__port--out">
            <span className={`flow-node__port-type flow-type--${output.type}`}>{output.type}</span>
            <span className="flow-node__port-label">{output.label || output.name}</span>
            <Handle
              type="source"
              position={Position.Right}
              id={output.name}
              isConnectable={!readOnly}
              className={`flow-handle flow-handle--${output.type}`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
