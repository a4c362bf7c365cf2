import type { TParamMeta } from '@flowsmith/shared';
import { formatDate } from '../../../lib/format/date-format';
import { clockTime, shortRunId } from '../core/run-history';
import { paramLines, type TParamChoices } from '../core/run-params';
import { useRunStore } from '../state/run-store';

type TRunParamsNoticeProps = {
  nodeId: string;
  params: readonly TParamMeta[];
  choices: TParamChoices;
};

/**
 * While a past run is shown on the canvas: the params this node ran with then, above the form
 * that edits today's, so old output is never read against settings it did not use.
 */
export function RunParamsNotice({ nodeId, params, choices }: TRunParamsNoticeProps) {
  const past = useRunStore((state) => state.past);
  const used = past?.params?.[nodeId];
  if (!past || !used || !params.length) return null;
  const when = `${formatDate(past.createdAt)} ${clockTime(new Date(past.createdAt))}`;
  return (
    <section
      className="canvas-dialog__run-params"
      aria-label="Settings this run used"
      data-testid="run-params"
    >
      <p>
        <i className="pi pi-history" aria-hidden="true" /> Run <code>{shortRunId(past.runId)}</code>{' '}
        from {when} used these settings; the form below edits today&apos;s.
      </p>
      <dl>
        {paramLines(params, used, choices).map((line) => (
          <div key={line.name}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
