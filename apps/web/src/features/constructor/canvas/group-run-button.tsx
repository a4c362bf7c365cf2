import { useCanvasStore } from '../state/canvas-store';
import { useRunGoing, useRunLauncher } from './use-run-launcher';

type TGroupRunProps = { nodeId: string; title: string };

/** The Run button of a runnable group, for editors. */
export function GroupRunButton({ nodeId, title }: TGroupRunProps) {
  const nodeGroupId = useCanvasStore((state) => state.groups[nodeId]?.id);
  const going = useRunGoing();
  const { launch, asking } = useRunLauncher();
  return (
    <button
      type="button"
      className="flow-node__run-button nodrag"
      aria-label={`Run ${title}`}
      title={going ? 'A run is going: wait for it or cancel it' : `Run ${title}`}
      data-testid="group-run-button"
      disabled={!nodeGroupId || going || asking}
      onClick={() => nodeGroupId && void launch({ nodeGroupId }, title)}
    >
      <i className={asking ? 'pi pi-spin pi-spinner' : 'pi pi-play'} aria-hidden="true" />
    </button>
  );
}
