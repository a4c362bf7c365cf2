import { useRef, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useReactFlow } from '@xyflow/react';
import { useToast } from '../../../components/toast';
import { useCanvasUi } from '../canvas/canvas-context';
import { PresenceAvatars } from '../presence/presence-avatars';
import { exportCanvas, importFile, layoutCanvas } from '../state/clipboard-commands';
import { useCanvasStore } from '../state/canvas-store';
import { RunControls } from './run-controls';
import { SaveStatus } from './save-status';

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
          <Button
            icon="pi pi-undo"
            text
            rounded
            aria-label="Undo"
            tooltip="Undo (Ctrl+Z)"
            disabled={!canUndo}
            onClick={() => void commands.undo()}
          />
          <Button
            icon="pi pi-refresh"
            text
            rounded
            aria-label="Redo"
            tooltip="Redo (Ctrl+Shift+Z)"
            disabled={!canRedo}
            onClick={() => void commands.redo()}
          />
          <Button
            icon="pi pi-sitemap"
            text
            rounded
            aria-label="Auto-layout"
            tooltip="Auto-layout the selection, or everything"
            onClick={() => void onLayout()}
          />
          <Button
            icon="pi pi-upload"
            text
            rounded
            aria-label="Import workflow"
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
      <Button
        icon="pi pi-download"
        text
        rounded
        aria-label="Export workflow"
        tooltip="Export the canvas as a file"
        onClick={() => exportCanvas(projectName)}
      />
      {readOnly ? null : (
        <Button
          icon={view.palette ? 'pi pi-angle-double-left' : 'pi pi-angle-double-right'}
          text
          rounded
          aria-label={view.palette ? 'Hide the node palette' : 'Show the node palette'}
          aria-pressed={!view.palette}
          tooltip={view.palette ? 'Hide the palette' : 'Show the palette'}
          onClick={view.togglePalette}
        />
      )}
      <Button
        icon={view.fullScreen ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
        text
        rounded
        aria-label={view.fullScreen ? 'Leave full screen' : 'Full screen'}
        aria-pressed={view.fullScreen}
        tooltip={view.fullScreen ? 'Leave full screen' : 'Give the canvas the whole window'}
        onClick={view.toggleFullScreen}
      />
      {readOnly ? null : <SaveStatus status={saveStatus} onRetry={() => commands.queue.retry()} />}
      <PresenceAvatars />
    </div>
  );
}
