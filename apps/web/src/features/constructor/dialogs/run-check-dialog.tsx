import { Button } from 'primereact/button';
import { AppDialog } from '../../../components/dialog/app-dialog';
import { useCanvasUi } from '../canvas/canvas-context';
import { useRunLauncher } from '../canvas/use-run-launcher';
import { ancestorsOf, type TNodeAttention } from '../core/run-check';
import { closeDialog, openDialog, useCanvasStore } from '../state/canvas-store';

type TRunCheckDialogProps = { nodes: TNodeAttention[] };

/**
 * Why the whole canvas would not run: the nodes that need attention, each a click from its
 * settings, and the workflows (runnable groups) that can run as they are.
 */
export function RunCheckDialog({ nodes }: TRunCheckDialogProps) {
  const { catalog } = useCanvasUi();
  const { launch } = useRunLauncher();
  const canvasNodes = useCanvasStore((state) => state.nodes);
  const groups = useCanvasStore((state) => state.groups);
  const blocked = new Set(nodes.flatMap((node) => ancestorsOf(node.nodeId, canvasNodes)));
  const workflows = canvasNodes.filter(
    (node) => catalog.byKind.get(node.data.kind)?.flags.runnable && groups[node.id],
  );
  const runGroup = (nodeId: string, title: string) => {
    const group = groups[nodeId];
    if (!group) return;
    closeDialog();
    void launch({ nodeGroupId: group.id }, title);
  };
  return (
    <AppDialog
      onHide={closeDialog}
      header="Some nodes need attention"
      footer={<Button label="Close" outlined onClick={closeDialog} />}
      className="canvas-dialog run-check"
    >
      <p>A run of the whole canvas would stop at these nodes. Fix them first:</p>
      <ul className="run-check__nodes" aria-label="Nodes that need attention">
        {nodes.map((node) => (
          <li key={node.nodeId}>
            <strong>{node.title}</strong>: {node.problems.join('; ')}{' '}
            <Button
              type="button"
              label="Open settings"
              size="small"
              text
              aria-label={`Open the settings of ${node.title}`}
              onClick={() => openDialog({ kind: 'node-settings', nodeId: node.nodeId })}
            />
          </li>
        ))}
      </ul>
      {workflows.length ? (
        <>
          <p>Or run one workflow on its own:</p>
          <ul className="run-check__groups">
            {workflows.map((group) => (
              <li key={group.id}>
                <Button
                  type="button"
                  label={`Run ${group.data.title}`}
                  icon="pi pi-play"
                  size="small"
                  outlined
                  disabled={blocked.has(group.id)}
                  onClick={() => runGroup(group.id, group.data.title)}
                />
                {blocked.has(group.id) ? (
                  <small className="form-field__hint"> It holds a node listed above.</small>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AppDialog>
  );
}
