import type { TNodeHandle } from '@flowsmith/shared';
import { planInputSync } from '../core/template-variables';

type THandleSummaryProps = {
  inputs: TNodeHandle[];
  outputs: TNodeHandle[];
  /** For kinds whose inputs follow their template: the variables in the template being edited. */
  variables: string[] | null;
};

const list = (handles: { name: string; type: string }[]) =>
  handles.length
    ? handles.map((handle) => (
        <li key={handle.name}>
          <code>{handle.name}</code>{' '}
          <span className={`flow-node__port-type flow-type--${handle.type}`}>{handle.type}</span>
        </li>
      ))
    : [<li key="none">none</li>];

/** The node's inputs and outputs, and what saving the template will add. */
export function HandleSummary({ inputs, outputs, variables }: THandleSummaryProps) {
  const plan = variables ? planInputSync(inputs, variables) : null;
  const shown = variables
    ? variables.map((name) => ({
        name,
        type: inputs.find((input) => input.name === name)?.type ?? 'text',
      }))
    : inputs;
  return (
    <section className="handle-summary" aria-label="Inputs and outputs">
      <div>
        <h3>Inputs</h3>
        {variables ? (
          <p className="form-field__hint">One input per {'{{variable}}'} of the prompt template.</p>
        ) : null}
        <ul data-testid="settings-inputs">{list(shown)}</ul>
        {plan?.add.length ? <p className="form-field__hint">New: {plan.add.join(', ')}</p> : null}
      </div>
      <div>
        <h3>Outputs</h3>
        <ul>{list(outputs)}</ul>
      </div>
    </section>
  );
}
