import { Link } from 'react-router';
import { Panel, type PanelHeaderTemplateOptions } from 'primereact/panel';
import { jsonText } from './json-text';
import { runUrl } from './custom-ai-links';
import { toolStatus, workflowName, type TToolStatus, type TToolStep } from './message-parts';

const STATUS_ICONS: Record<TToolStatus, string> = {
  running: 'pi pi-spin pi-spinner',
  succeeded: 'pi pi-check-circle',
  failed: 'pi pi-times-circle',
};

const STATUS_WORDS: Record<TToolStatus, string> = {
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
};

type TToolStepProps = {
  step: TToolStep;
  projectId: string;
  workflowNames: readonly string[];
};

/**
 * A linked workflow the assistant ran, folded to one line ("Ran workflow Lookup ✓") so the answer
 * stays readable; unfolded it shows what went in, what came out, and the run to inspect.
 */
export function ToolStepView({ step, projectId, workflowNames }: TToolStepProps) {
  const status = toolStatus(step);
  const name = workflowName(step.toolName, workflowNames);
  const runId = step.output?.runId;

  // The whole header line toggles, not only PrimeReact's small chevron.
  const header = (options: PanelHeaderTemplateOptions) => (
    <button
      type="button"
      className="tool-step__header"
      aria-expanded={!options.collapsed}
      onClick={options.onTogglerClick}
    >
      <i
        className={`pi ${options.collapsed ? 'pi-chevron-right' : 'pi-chevron-down'}`}
        aria-hidden="true"
      />
      <i className={`${STATUS_ICONS[status]} tool-step__status`} aria-hidden="true" />
      <span>
        {status === 'running' ? 'Running workflow ' : 'Ran workflow '}
        <strong>{name}</strong>
        <span className="sr-only"> ({STATUS_WORDS[status]})</span>
      </span>
    </button>
  );

  return (
    <Panel
      toggleable
      collapsed
      headerTemplate={header}
      className={`tool-step tool-step--${status}`}
    >
      <h4>Inputs</h4>
      <pre className="tool-step__json">{jsonText(step.input)}</pre>
      {step.output ? (
        <>
          <h4>Outputs</h4>
          <pre className="tool-step__json">{jsonText(step.output.outputs ?? {})}</pre>
        </>
      ) : null}
      {step.error ? (
        <p className="tool-step__error" role="alert">
          {step.error}
        </p>
      ) : null}
      {runId ? (
        <Link to={runUrl(projectId, runId)} className="tool-step__run">
          <i className="pi pi-external-link" aria-hidden="true" /> Open run {runId}
        </Link>
      ) : null}
    </Panel>
  );
}
