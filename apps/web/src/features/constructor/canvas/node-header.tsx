import type { TCanvasKind } from '../api/canvas.queries';
import { openDialog } from '../state/canvas-store';
import { exportCanvas } from '../state/clipboard-commands';
import { useCanvasUi } from './canvas-context';
import { GroupRunButton } from './group-run-button';
import { NodeTitle } from './node-title';
import { GroupRunBadge, NodeRunBadge } from './run-badge';

type THeaderButtonProps = {
  icon: string;
  label: string;
  title?: string;
  testId: string;
  onClick: () => void;
};

/** An icon button of the header; `nodrag` so that clicking it does not start moving the node. */
function HeaderButton({ icon, label, title, testId, onClick }: THeaderButtonProps) {
  return (
    <button
      type="button"
      className="flow-node__settings nodrag"
      aria-label={label}
      title={title}
      data-testid={testId}
      onClick={onClick}
    >
      <i className={icon} aria-hidden="true" />
    </button>
  );
}

type TNodeHeaderProps = { id: string; title: string; type: TCanvasKind | undefined };

/** Kind icon, editable title, the run status badge, Run on runnable groups, group export, and settings. */
export function NodeHeader({ id, title, type }: TNodeHeaderProps) {
  const { readOnly, commands } = useCanvasUi();
  const dialog = type?.flags.group ? 'group-settings' : 'node-settings';
  return (
    <header className="flow-node__header">
      <i className={`${type?.icon ?? 'pi pi-box'} flow-node__icon`} aria-hidden="true" />
      <NodeTitle
        title={title}
        readOnly={readOnly}
        onRename={(next) => void commands.rename(id, next)}
      />
      <span className="flow-node__status" data-testid="run-status">
        {!type?.flags.group ? <NodeRunBadge nodeId={id} /> : null}
        {type?.flags.runnable ? <GroupRunBadge nodeId={id} /> : null}
      </span>
      {type?.flags.runnable && !readOnly ? <GroupRunButton nodeId={id} title={title} /> : null}
      {type?.flags.runnable ? (
        <HeaderButton
          icon="pi pi-send"
          label={`Publish ${title}`}
          title="Publish: versions, app, run API"
          testId="group-publish-button"
          onClick={() => openDialog({ kind: 'publish', nodeId: id })}
        />
      ) : null}
      {type?.flags.group ? (
        <HeaderButton
          icon="pi pi-download"
          label={`Export ${title}`}
          title="Export this group as a workflow file"
          testId="group-export-button"
          onClick={() => exportCanvas(title, id)}
        />
      ) : null}
      <HeaderButton
        icon={readOnly ? 'pi pi-eye' : 'pi pi-cog'}
        label={`Settings of ${title}`}
        testId="node-settings-button"
        onClick={() => openDialog({ kind: dialog, nodeId: id })}
      />
    </header>
  );
}
