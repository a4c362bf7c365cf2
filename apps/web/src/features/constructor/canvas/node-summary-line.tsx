import { summaryOf } from '../core/node-summary';
import { useRunStore } from '../state/run-store';

type TNodeSummaryLineProps = { id: string; kind: string; params: Record<string, unknown> };

/**
 * The node's one line of params: while a past run is shown, the params that run used (marked
 * so), not today's, since its output sits next to them.
 */
export function NodeSummaryLine({ id, kind, params }: TNodeSummaryLineProps) {
  const used = useRunStore((state) => state.past?.params?.[id]);
  const summary = summaryOf(kind, used ?? params);
  if (!summary) return null;
  if (!used) {
    return (
      <p className="flow-node__summary" data-testid="node-summary">
        {summary}
      </p>
    );
  }
  return (
    <p
      className="flow-node__summary flow-node__summary--run"
      data-testid="node-summary"
      data-run-params="true"
      title="The settings this run used"
    >
      <i className="pi pi-history" aria-hidden="true" />
      <span className="sr-only">As this run used: </span>
      {summary}
    </p>
  );
}
