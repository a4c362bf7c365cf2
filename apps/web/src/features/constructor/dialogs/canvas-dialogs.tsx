import { closeDialog, useCanvasStore } from '../state/canvas-store';
import { EdgeLabelDialog } from './edge-label-dialog';
import { GroupSettingsDialog } from './group-settings-dialog';
import { ImportReportDialog } from './import-report-dialog';
import { NodeSettingsDialog } from './node-settings-dialog';
import { PublishDialog } from './publish-dialog';
import { RunCheckDialog } from './run-check-dialog';
import { RunDialog } from './run-dialog';

/** The one open canvas dialog, if any; keyed so each opening starts from fresh values. */
export function CanvasDialogs({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
  const dialog = useCanvasStore((state) => state.dialog);
  const node = useCanvasStore((state) =>
    dialog && 'nodeId' in dialog
      ? state.nodes.find((item) => item.id === dialog.nodeId)
      : undefined,
  );
  const group = useCanvasStore((state) =>
    dialog?.kind === 'group-settings' || dialog?.kind === 'publish'
      ? state.groups[dialog.nodeId]
      : undefined,
  );
  const edge = useCanvasStore((state) =>
    dialog?.kind === 'edge-label'
      ? state.edges.find((item) => item.id === dialog.edgeId)
      : undefined,
  );
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'node-settings':
      return node ? (
        <NodeSettingsDialog key={node.id} node={node} projectId={projectId} onClose={closeDialog} />
      ) : null;
    case 'group-settings':
      return group ? (
        <GroupSettingsDialog
          key={group.id}
          group={group}
          projectId={projectId}
          onClose={closeDialog}
        />
      ) : null;
    case 'publish':
      return group ? (
        <PublishDialog
          key={group.id}
          groupId={group.id}
          title={group.name}
          isUiGroup={node?.type === 'ui_group'}
          readOnly={readOnly}
          onClose={closeDialog}
        />
      ) : null;
    case 'edge-label':
      return edge ? (
        <EdgeLabelDialog
          key={edge.id}
          edgeId={edge.id}
          label={edge.data?.label ?? ''}
          versions={edge.data?.versions ?? {}}
          onClose={closeDialog}
        />
      ) : null;
    case 'run':
      return (
        <RunDialog
          projectId={projectId}
          target={dialog.target}
          label={dialog.label}
          fields={dialog.fields}
          onClose={closeDialog}
        />
      );
    case 'run-check':
      return <RunCheckDialog nodes={dialog.nodes} />;
    case 'import-report':
      return (
        <ImportReportDialog
          fileName={dialog.fileName}
          problems={dialog.problems}
          onClose={closeDialog}
        />
      );
  }
}
