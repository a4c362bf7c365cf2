import { useRef, type ChangeEvent } from 'react';
import { Button, type ButtonProps } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useReactFlow } from '@xyflow/react';
import { useToast } from '../../../components/toast';
import { useCanvasUi } from '../canvas/canvas-context';
import { PresenceAvatars } from '../presence/presence-avatars';
import { exportCanvas, importFile, layoutCanvas } from '../state/clipboard-commands';
import { useCanvasStore } from '../state/canvas-store';
import { RunControls } from './run-controls';
import { SaveStatus } from './save-status';

type TToolButtonProps = Omit<ButtonProps, 'aria-label' | 'label'> & {
  /** What it does, for screen readers; `tooltip` says it on hover. */
  label: string;
};

/** A round icon button of the toolbar. */
function ToolButton({ label, ...button }: TToolButtonProps) {
  return <Button text rounded aria-label={label} {...button} />;
}

/** How much room the canvas takes: with or without the palette, in the page or the whole window. */
export type TCanvasView = {
  palette: boolean;
  fullScreen: boolean;
  togglePalette: () => void;
  toggleFullScreen: () => void;
};

/**
 * Run, cancel and history; undo, redo, auto-layout, export and import; where saving stands;
 * the palette and full-screen toggles.
 */
export function CanvasToolbar({ projectName, view }: { projectName: string; view: TCanvasView }) {
  const { readOnly, commands } = useCanvasUi();
  const toast = useToast();
  const { fitView } = useReactFlow();
  const canUndo = useCanvasStore((state) => state.canUndo);
  const canRedo = useCanvasStore((state) => state.canRedo);
  const saveStatus = useCanvasStore((state) => state.saveStatus);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const count = await importFile(commands, file);
    if (count) {
      toast.show({ severity: 'success', summary: 'Imported', detail: `${count} nodes added.` });
      void fitView({ duration: 300 });
    }
  };

  const onLayout = async () => {
    await layoutCanvas(commands);
    void fitView({ duration: 300 });
  };

  return (
    <div className="canvas-toolbar" role="toolbar" aria-label="Canvas">
      <RunControls />
      {readOnly ? (
        <Tag value="Read-only" icon="pi pi-lock" severity="warning" data-testid="read-only" />
      ) : (
        <>
          <ToolButton
            icon="pi pi-undo"
            label="Undo"
            tooltip="Undo (Ctrl+Z)"
            disabled={!canUndo}
            onClick={() => void commands.undo()}
          />
          <ToolButton
            icon="pi pi-refresh"
            label="Redo"
            tooltip="Redo (Ctrl+Shift+Z)"
            disabled={!canRedo}
            onClick={() => void commands.redo()}
          />
          <ToolButton
            icon="pi pi-sitemap"
            label="Auto-layout"
            tooltip="Auto-layout the selection, or everything"
            onClick={() => void onLayout()}
          />
          <ToolButton
            icon="pi pi-upload"
            label="Import workflow"
            tooltip="Import a workflow file"
            onClick={() => fileInput.current?.click()}
          />
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="import-file"
            onChange={(event) => void onFile(event)}
          />
        </>
      )}
      <ToolButton
        icon="pi pi-download"
        label="Export workflow"
        tooltip="Export the canvas as a file"
        onClick={() => exportCanvas(projectName)}
      />
      {readOnly ? null : (
        <ToolButton
          icon={view.palette ? 'pi pi-angle-double-left' : 'pi pi-angle-double-right'}
          label={view.palette ? 'Hide the node palette' : 'Show the node palette'}
          aria-pressed={!view.palette}
          tooltip={view.palette ? 'Hide the palette' : 'Show the palette'}
          onClick={view.togglePalette}
        />
      )}
      <ToolButton
        icon={view.fullScreen ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
        label={view.fullScreen ? 'Leave full screen' : 'Full screen'}
        aria-pressed={view.fullScreen}
        tooltip={view.fullScreen ? 'Leave full screen' : 'Give the canvas the whole window'}
        onClick={view.toggleFullScreen}
      />
      {readOnly ? null : <SaveStatus status={saveStatus} onRetry={() => commands.queue.retry()} />}
      <PresenceAvatars />
    </div>
  );
}
